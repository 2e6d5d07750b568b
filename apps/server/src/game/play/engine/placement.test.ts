import { describe, expect, it } from 'vitest';
import { PLACEMENT_MIN_GRAMS, detect, initialDetector, type DetectorState } from './placement';
import { DEFAULT_ENGINE_TIMINGS, type EngineTimings } from './timings';

function feed(
  samples: [grams: number, at: number][],
  start: DetectorState = initialDetector(),
  timings: EngineTimings = DEFAULT_ENGINE_TIMINGS,
) {
  let detector = start;
  const placements: { grams: number; at: number }[] = [];
  for (const [grams, at] of samples) {
    const d = detect(detector, grams, at, PLACEMENT_MIN_GRAMS, timings);
    detector = d.detector;
    if (d.placement !== null) placements.push({ grams: d.placement, at });
  }
  return { detector, placements };
}

const steady = (grams: number, from: number, to: number, jitter = 0) =>
  Array.from({ length: Math.floor((to - from) / 100) + 1 }, (_, i) => [
    grams + (i % 2 ? jitter : -jitter),
    from + i * 100,
  ]) as [number, number][];

describe('placement detection (docs/RULES.md: 2 g for one second)', () => {
  it('plays with 2 g for 1000 ms unless told otherwise', () => {
    expect(DEFAULT_ENGINE_TIMINGS).toEqual({ stableForMs: 1000, stableBandGrams: 2 });
  });

  it('places once the reading holds within 2 g for a full second', () => {
    const { placements } = feed(steady(512, 0, 1500, 1));
    expect(placements).toHaveLength(1);
    expect(placements[0]!.at).toBe(1000);
    expect(Math.abs(placements[0]!.grams - 512)).toBeLessThanOrEqual(1);
  });

  it('does not place before a second has passed', () => {
    expect(feed(steady(512, 0, 900)).placements).toEqual([]);
  });

  it('restarts the second when a reading leaves the 2 g band (settling)', () => {
    const samples: [number, number][] = [
      [600, 0],
      [530, 100],
      [515, 200],
      ...steady(510, 300, 1200),
      ...steady(510, 1300, 1400),
    ];
    const { placements } = feed(samples);
    expect(placements).toEqual([{ grams: 510, at: 1300 }]);
  });

  it('ignores light loads under 20 g and counts by server time, not sample count', () => {
    expect(feed(steady(15, 0, 3000)).placements).toEqual([]);
    expect(
      feed([
        [400, 0],
        [400, 999],
      ]).placements,
    ).toEqual([]);
    expect(
      feed([
        [400, 0],
        [400, 1000],
      ]).placements,
    ).toEqual([{ grams: 400, at: 1000 }]);
  });

  it('needs the platform cleared below 20 g before the next placement', () => {
    const first = feed(steady(500, 0, 1000));
    expect(first.placements).toHaveLength(1);
    const stillOn = feed(steady(500, 1100, 4000), first.detector);
    expect(stillOn.placements).toEqual([]);
    const cleared = feed([[3, 4100], ...steady(470, 4200, 5200)], stillOn.detector);
    expect(cleared.placements).toEqual([{ grams: 470, at: 5200 }]);
  });

  it('reports when the armed flag flips so it can be persisted', () => {
    const placed = detect({ armed: true, window: [{ grams: 300, at: 0 }] }, 300, 1000);
    expect(placed.armedChanged).toBe(true);
    const cleared = detect(placed.detector, 0, 1100);
    expect(cleared.armedChanged).toBe(true);
    expect(detect(cleared.detector, 0, 1200).armedChanged).toBe(false);
  });

  it('takes the median of the stable window, in whole grams', () => {
    const { placements } = feed([
      [500, 0],
      [501, 300],
      [502, 600],
      [501.6, 1000],
    ]);
    expect(placements).toEqual([{ grams: 501, at: 1000 }]);
  });

  it('takes the window it is given: a shorter time, a wider band', () => {
    const short = { stableForMs: 150, stableBandGrams: 2 };
    expect(feed(steady(512, 0, 100), initialDetector(), short).placements).toEqual([]);
    expect(feed(steady(512, 0, 200), initialDetector(), short).placements).toEqual([
      { grams: 512, at: 200 },
    ]);
    const wobbling = steady(512, 0, 1500, 2); // 510, 514, 510, ...: 4 g apart
    expect(feed(wobbling).placements).toEqual([]);
    const wide = { stableForMs: 1000, stableBandGrams: 4 };
    expect(feed(wobbling, initialDetector(), wide).placements).toEqual([{ grams: 510, at: 1000 }]);
  });
});
