import { describe, expect, it } from 'vitest';
import { DEVICE_MAX_WEIGHT_HZ, DEVICE_WEIGHT_BURST } from '@beerscale/contract/device-socket';
import { SampleBudget } from './sample-budget';

/** Readings arriving at these times: which counted. */
function admitted(budget: SampleBudget, times: number[]): boolean[] {
  return times.map((at) => budget.admit(at));
}

describe("a scale's reading budget", () => {
  it('counts every reading of a scale at 10 Hz, for minutes', () => {
    const budget = new SampleBudget(0);
    const times = Array.from({ length: 3000 }, (_, i) => i * 100);
    expect(admitted(budget, times).every(Boolean)).toBe(true);
  });

  it('counts the backlog of a 2.5 s stall that arrives at once, the empty platform in it too', () => {
    const budget = new SampleBudget(0);
    admitted(
      budget,
      Array.from({ length: 50 }, (_, i) => i * 100),
    ); // 5 s of play
    // Nothing read for 2.5 s, then the 25 readings sent meanwhile in one go: all count.
    const backlog = Array.from({ length: 25 }, () => 7500);
    expect(admitted(budget, backlog).every(Boolean)).toBe(true);
    // And the scale goes on at 10 Hz without losing one.
    const after = Array.from({ length: 100 }, (_, i) => 7600 + i * 100);
    expect(admitted(budget, after).every(Boolean)).toBe(true);
  });

  it('holds a flood to the rate once its burst is spent', () => {
    const budget = new SampleBudget(0);
    // 1,000 readings in the same millisecond: the burst counts, the rest do not.
    const burst = admitted(
      budget,
      Array.from({ length: 1000 }, () => 0),
    );
    expect(burst.filter(Boolean)).toHaveLength(DEVICE_WEIGHT_BURST);
    // Then 100 readings a second for 10 s: DEVICE_MAX_WEIGHT_HZ of them a second count.
    const flood = admitted(
      budget,
      Array.from({ length: 1000 }, (_, i) => 1 + i * 10),
    );
    const counted = flood.filter(Boolean).length;
    expect(counted).toBeGreaterThanOrEqual(10 * DEVICE_MAX_WEIGHT_HZ - 1);
    expect(counted).toBeLessThanOrEqual(10 * DEVICE_MAX_WEIGHT_HZ + 1);
  });

  it('gives no tokens for a clock that went back', () => {
    const budget = new SampleBudget(10_000);
    admitted(
      budget,
      Array.from({ length: DEVICE_WEIGHT_BURST }, () => 10_000),
    );
    expect(budget.admit(5_000)).toBe(false);
    expect(budget.admit(10_000)).toBe(false);
    expect(budget.admit(10_100)).toBe(true);
  });
});
