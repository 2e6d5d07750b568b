import { describe, expect, it } from 'vitest';
import { DEVICE_MAX_WEIGHT_HZ, DEVICE_WEIGHT_BURST } from '@beerscale/contract/device-socket';
import { SampleBudget } from './sample-budget';

/** `count` arrival times from `from` on, `every` ms apart (0: all at once). */
const arrivals = (count: number, from: number, every: number) =>
  Array.from({ length: count }, (_, i) => from + i * every);

/** Which of the readings arriving at `times` counted. */
const admitted = (budget: SampleBudget, times: number[]) => times.map((at) => budget.admit(at));

describe("a scale's reading budget", () => {
  it('counts every reading of a scale at 10 Hz, for minutes', () => {
    const budget = new SampleBudget(0);
    expect(admitted(budget, arrivals(3000, 0, 100)).every(Boolean)).toBe(true);
  });

  it('counts the backlog of a 2.5 s stall that arrives at once, the empty platform in it too', () => {
    const budget = new SampleBudget(0);
    admitted(budget, arrivals(50, 0, 100));
    // Nothing read for 2.5 s, then the 25 readings sent meanwhile in one go: all count.
    expect(admitted(budget, arrivals(25, 7500, 0)).every(Boolean)).toBe(true);
    // And the scale goes on at 10 Hz without losing one.
    expect(admitted(budget, arrivals(100, 7600, 100)).every(Boolean)).toBe(true);
  });

  it('holds a flood to the rate once its burst is spent', () => {
    const budget = new SampleBudget(0);
    // 1,000 readings in the same millisecond: the burst counts, the rest do not.
    expect(admitted(budget, arrivals(1000, 0, 0)).filter(Boolean)).toHaveLength(
      DEVICE_WEIGHT_BURST,
    );
    // Then 100 readings a second for 10 s: DEVICE_MAX_WEIGHT_HZ of them a second count.
    const counted = admitted(budget, arrivals(1000, 1, 10)).filter(Boolean).length;
    expect(counted).toBeGreaterThanOrEqual(10 * DEVICE_MAX_WEIGHT_HZ - 1);
    expect(counted).toBeLessThanOrEqual(10 * DEVICE_MAX_WEIGHT_HZ + 1);
  });

  it('gives no tokens for a clock that went back', () => {
    const budget = new SampleBudget(10_000);
    admitted(budget, arrivals(DEVICE_WEIGHT_BURST, 10_000, 0));
    expect(budget.admit(5_000)).toBe(false);
    expect(budget.admit(10_000)).toBe(false);
    expect(budget.admit(10_100)).toBe(true);
  });
});
