import { describe, expect, it } from 'vitest';
import { createJsonEngine } from './json-engine';

const setup = {
  players: [
    { id: 1, name: 'Anna', position: 0 },
    { id: 2, name: 'Ben', position: 1 },
  ],
  containerType: 'BEER_CAN' as const,
  roundsPlanned: 2,
  seed: 3,
};

/** Feeds 560 g at 0, 100, 200 ms and counts the placements the engine stored. */
function placementsAfter200ms(engine: ReturnType<typeof createJsonEngine>): number {
  let state = engine.start(setup, 0).state;
  let placements = 0;
  for (const at of [0, 100, 200]) {
    const step = engine.sample(state, { grams: 560, stable: true, at });
    state = step.state;
    placements += step.placements.length;
  }
  return placements;
}

describe('the JSON engine', () => {
  it('hands every sample the stability window it was built with (1 s unless told)', () => {
    expect(placementsAfter200ms(createJsonEngine())).toBe(0);
    expect(placementsAfter200ms(createJsonEngine({ stableForMs: 150, stableBandGrams: 2 }))).toBe(
      1,
    );
  });

  it("tells the scale keyed lines, not the engine's English text", () => {
    const engine = createJsonEngine();
    const started = engine.start(setup, 0);
    expect(started.displays).toEqual([
      {
        phase: 'INITIAL_WEIGHING',
        player: 'Anna',
        lines: [{ key: 'placeFull', params: { name: 'Anna', label: 'can' } }],
      },
    ]);
    expect(engine.display(started.state)).toEqual(started.displays[0]);
  });
});
