import { describe, expect, it } from 'vitest';
import { Platform } from './weight-curve';

function run(platform: Platform, from: number, to: number) {
  const out: { t: number; grams: number; stable: boolean }[] = [];
  for (let t = from; t <= to; t += 100) out.push({ t, ...platform.sample(t) });
  return out;
}

describe('simulated load cell', () => {
  it('overshoots after a put-down, then settles within 1 g of the load', () => {
    const platform = new Platform(7);
    platform.place(520, 0);
    const readings = run(platform, 0, 2000);
    expect(Math.max(...readings.map((r) => r.grams))).toBeGreaterThan(530);
    for (const r of readings.filter((r) => r.t >= 900))
      expect(Math.abs(r.grams - 520)).toBeLessThanOrEqual(1.5);
  });

  it('puts a container down settled when it does not ring', () => {
    const platform = new Platform(7, false);
    platform.place(520, 0);
    const readings = run(platform, 0, 600);
    for (const r of readings) expect(Math.abs(r.grams - 520)).toBeLessThanOrEqual(1.5);
    platform.remove(700);
    expect(Math.abs(platform.sample(700).grams)).toBeLessThanOrEqual(1);
  });

  it('calls a reading stable only after it settled', () => {
    const platform = new Platform(3);
    platform.place(480, 0);
    const readings = run(platform, 0, 2000);
    expect(readings.filter((r) => r.t < 500).some((r) => r.stable)).toBe(false);
    expect(readings.filter((r) => r.t >= 1400).every((r) => r.stable)).toBe(true);
  });

  it('falls to about zero when the container is lifted', () => {
    const platform = new Platform(5);
    platform.place(500, 0);
    run(platform, 0, 1500);
    platform.remove(1600);
    const after = run(platform, 1600, 3000).filter((r) => r.t >= 2500);
    for (const r of after) expect(Math.abs(r.grams)).toBeLessThan(2);
  });

  it('repeats exactly for the same seed', () => {
    const a = new Platform(11);
    const b = new Platform(11);
    a.place(400, 0);
    b.place(400, 0);
    expect(run(a, 0, 1500)).toEqual(run(b, 0, 1500));
  });

  it('tares the current reading to zero', () => {
    const platform = new Platform(2);
    platform.place(100, 0);
    run(platform, 0, 1500);
    platform.tare(1600);
    const r = platform.sample(1700);
    expect(Math.abs(r.grams)).toBeLessThan(2);
  });
});
