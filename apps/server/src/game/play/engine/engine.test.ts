import { describe, expect, it } from 'vitest';
import {
  currentDisplay,
  currentPlayerId,
  finishEarly,
  manualReading,
  onSample,
  startGame,
  TARGET_OFFSET,
  type EngineEffect,
  type EngineState,
  type Transition,
} from './engine';
import { CONTAINER_PROFILES } from './profiles';
import { nextInt } from './rng';

const players = [
  { id: 11, name: 'Anna', position: 0 },
  { id: 12, name: 'Ben', position: 1 },
  { id: 13, name: 'Cleo', position: 2 },
];

function start(overrides: Partial<Parameters<typeof startGame>[0]> = {}) {
  return startGame({
    players,
    containerType: 'BEER_BOTTLE',
    roundsPlanned: 3,
    seed: 42,
    ...overrides,
  });
}

/** Puts a container on the scale for 1.2 s, then lifts it off: one placement through samples. */
function putDown(
  state: EngineState,
  grams: number,
  at: number,
  jitter = 1,
): { t: Transition; at: number } {
  let t: Transition = { state, effects: [], changed: false };
  const effects: EngineEffect[] = [];
  for (let i = 0; i <= 12; i += 1) {
    t = onSample(t.state, grams + (i % 2) * jitter, at + i * 100);
    effects.push(...t.effects);
  }
  t = onSample(t.state, 0, at + 1400);
  effects.push(...t.effects);
  return { t: { ...t, effects }, at: at + 1500 };
}

function kinds(effects: EngineEffect[]) {
  return effects.map((e) => e.kind);
}

function weighIn(state: EngineState, weights: number[], at = 0) {
  let t: Transition = { state, effects: [], changed: false };
  const effects: EngineEffect[] = [];
  for (const w of weights) {
    const r = putDown(t.state, w, at);
    t = r.t;
    at = r.at;
    effects.push(...t.effects);
  }
  return { state: t.state, effects, at };
}

describe('game engine (docs/RULES.md)', () => {
  it('counts a placement after the stability window it is given, 1 s by default', () => {
    const first = start().state;
    const steady = (timings?: { stableForMs: number; stableBandGrams: number }) => {
      let t: Transition = { state: first, effects: [], changed: false };
      for (const at of [0, 100, 200]) t = onSample(t.state, 560, at, timings);
      return kinds(t.effects);
    };
    expect(steady()).toEqual([]);
    expect(steady({ stableForMs: 1000, stableBandGrams: 2 })).toEqual([]);
    expect(steady({ stableForMs: 150, stableBandGrams: 2 })).toEqual([
      'placement-accepted',
      'display',
    ]);
  });

  it('starts with the initial weighing of the first player in position order', () => {
    const shuffled = startGame({
      players: [players[2]!, players[0]!, players[1]!],
      containerType: 'BEER_CAN',
      roundsPlanned: 5,
      seed: 1,
    });
    expect(shuffled.state.phase).toBe('INITIAL_WEIGHING');
    expect(shuffled.state.players.map((p) => p.name)).toEqual(['Anna', 'Ben', 'Cleo']);
    expect(currentPlayerId(shuffled.state)).toBe(11);
    expect(shuffled.effects).toEqual([
      {
        kind: 'display',
        phase: 'INITIAL_WEIGHING',
        player: 'Anna',
        lines: [{ key: 'placeFull', params: { name: 'Anna', label: 'can' } }],
        text: 'Anna: place your full can',
      },
    ]);
  });

  it('refuses 1 or more than 10 players', () => {
    expect(() => start({ players: [players[0]!] })).toThrow();
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      id: i + 1,
      name: `P${i}`,
      position: i,
    }));
    expect(() => start({ players: eleven })).toThrow();
  });

  it('refuses a container lighter than the profile minimum and keeps the player on turn', () => {
    const { t } = putDown(start().state, 440, 0);
    expect(kinds(t.effects)).toEqual(['placement-refused', 'display']);
    expect(currentPlayerId(t.state)).toBe(11);
    expect(t.state.players[0]!.startWeight).toBeNull();
    const can = putDown(start({ containerType: 'BEER_CAN' }).state, 320, 0).t;
    expect(kinds(can.effects)).toEqual(['placement-accepted', 'display']);
  });

  it('records start weights, then opens round 1 with a seeded target 25..70 g under the lightest', () => {
    const { state, effects } = weighIn(start().state, [520, 505, 540]);
    expect(state.players.map((p) => p.startWeight)).toEqual([520, 505, 540]);
    const opened = effects.find((e) => e.kind === 'round-started');
    expect(opened).toBeDefined();
    const offset = 505 - (opened as { target: number }).target;
    expect(offset).toBeGreaterThanOrEqual(TARGET_OFFSET.min);
    expect(offset).toBeLessThanOrEqual(TARGET_OFFSET.max);
    expect(state.phase).toBe('DRINKING');
    expect(state.round).toBe(1);
    // Same seed, same target: a restarted game draws what it would have drawn.
    expect(weighIn(start().state, [520, 505, 540]).state.target).toBe(state.target);
    expect(weighIn(start({ seed: 43 }).state, [520, 505, 540]).state.target).not.toBe(Number.NaN);
  });

  it('draws every offset from 25 to 70 and nothing outside over many seeds', () => {
    const seen = new Set<number>();
    for (let seed = 0; seed < 3000; seed += 1) {
      const { state } = weighIn(start({ seed }).state, [600, 600, 600]);
      seen.add(600 - state.target!);
    }
    expect(Math.min(...seen)).toBe(25);
    expect(Math.max(...seen)).toBe(70);
    expect(seen.size).toBe(46);
  });

  it('scores each player in turn with whole-gram differences and exact matches', () => {
    const weighed = weighIn(start().state, [520, 505, 540]);
    const target = weighed.state.target!;
    const { state, effects } = weighIn(weighed.state, [target, target + 7, target - 3], weighed.at);
    const accepted = effects.filter((e) => e.kind === 'placement-accepted');
    expect(accepted.map((e) => (e as { difference: number }).difference)).toEqual([0, 7, 3]);
    expect(accepted.every((e) => (e as { round: number }).round === 1)).toBe(true);
    const exact = effects.find((e) => e.kind === 'display' && e.text.includes('EXACT'));
    // The result leads the prompt of the next player: every DISPLAY names who is on turn.
    expect(exact).toMatchObject({ phase: 'SCORING', player: 'Ben' });
    expect(effects.filter((e) => e.kind === 'display').at(-1)).toMatchObject({
      phase: 'DRINKING',
      player: 'Anna',
    });
    expect(state.players.map((p) => p.differences)).toEqual([[0], [7], [3]]);
    expect(state.round).toBe(2);
    expect(state.phase).toBe('DRINKING');
    const lowest = Math.min(target, target + 7, target - 3);
    expect(lowest - state.target!).toBeGreaterThanOrEqual(25);
  });

  it('finishes after the planned rounds with the final ranking', () => {
    let { state, at } = weighIn(start({ roundsPlanned: 2 }).state, [560, 560, 560]);
    const all: EngineEffect[] = [];
    for (let round = 0; round < 2; round += 1) {
      const t = state.target!;
      const r = weighIn(state, [t + 1, t + 4, t], at);
      state = r.state;
      at = r.at;
      all.push(...r.effects);
    }
    expect(state.phase).toBe('FINISHED');
    expect(currentPlayerId(state)).toBeNull();
    const finished = all.find((e) => e.kind === 'finished') as Extract<
      EngineEffect,
      { kind: 'finished' }
    >;
    expect(finished.standings.map((s) => [s.playerId, s.rank])).toEqual([
      [13, 1],
      [11, 2],
      [12, 3],
    ]);
    expect(finished.standings[0]).toMatchObject({
      meanDifference: 0,
      exactMatches: 2,
      bestDifference: 0,
    });
    // After the end, samples change nothing.
    expect(onSample(state, 500, at + 5000)).toMatchObject({ changed: false, effects: [] });
  });

  it('ends early when the next target would fall below the empty weight + 10 g', () => {
    // Cans: empty 15 g; a can at 310 g leaves room for few rounds of 25..70 g.
    let { state, at } = weighIn(
      start({ containerType: 'BEER_CAN', roundsPlanned: 10 }).state,
      [310, 310, 310],
    );
    let rounds = 0;
    while (state.phase !== 'FINISHED') {
      const t = state.target!;
      const r = weighIn(state, [t, t, t], at);
      state = r.state;
      at = r.at;
      rounds += 1;
      expect(rounds).toBeLessThan(10);
    }
    expect(rounds).toBeGreaterThanOrEqual(3);
    expect(Math.min(...state.players.map((p) => p.weight!))).toBeGreaterThanOrEqual(25);
    expect(state.standings!.every((s) => s.rank === 1)).toBe(true);
  });

  it('counts a typed reading as the placement of the player on turn', () => {
    const weighed = weighIn(start().state, [520, 505, 540]);
    const t = manualReading(weighed.state, weighed.state.target! + 2.4);
    expect(kinds(t.effects)).toContain('placement-accepted');
    expect(t.state.players[0]!.differences).toEqual([2]);
    expect(currentPlayerId(t.state)).toBe(12);
    const refused = manualReading(start().state, 100);
    expect(kinds(refused.effects)).toEqual(['placement-refused', 'display']);
  });

  it('after a typed reading the platform must be cleared before the next placement', () => {
    // The usual reason to type: the container stands on the scale but never settles.
    const weighed = weighIn(start().state, [520, 505, 540]);
    const target = weighed.state.target!;
    let at = weighed.at;
    let state = weighed.state;
    for (const grams of [target + 9, target + 2, target + 6]) {
      state = onSample(state, grams, at).state;
      at += 100;
    }
    const typed = manualReading(state, target + 4);
    expect(currentPlayerId(typed.state)).toBe(12);
    // Anna's container settles on the platform: it must not count as Ben's placement.
    let still: Transition = { state: typed.state, effects: [], changed: false };
    const stillEffects: EngineEffect[] = [];
    for (let i = 0; i <= 20; i += 1) {
      still = onSample(still.state, target + 4, at);
      stillEffects.push(...still.effects);
      at += 100;
    }
    expect(stillEffects).toEqual([]);
    expect(currentPlayerId(still.state)).toBe(12);
    expect(still.state.players[1]!.differences).toEqual([]);
    // Lifted off, then Ben's container: that one counts.
    const lifted = onSample(still.state, 2, at);
    expect(lifted.changed).toBe(true);
    const ben = putDown(lifted.state, target - 5, at + 100).t;
    expect(ben.effects).toContainEqual(
      expect.objectContaining({ kind: 'placement-accepted', playerId: 12, difference: 5 }),
    );
    expect(currentPlayerId(ben.state)).toBe(13);
  });

  it('finishing early scores completed rounds and drops the unfinished one', () => {
    const weighed = weighIn(start({ roundsPlanned: 5 }).state, [560, 560, 560]);
    const t1 = weighed.state.target!;
    const round1 = weighIn(weighed.state, [t1 + 2, t1 + 1, t1 + 3], weighed.at);
    const partial = manualReading(round1.state, round1.state.target! + 50);
    const done = finishEarly(partial.state);
    expect(done.state.phase).toBe('FINISHED');
    expect(done.state.players.map((p) => p.differences)).toEqual([[2], [1], [3]]);
    const finished = done.effects.find((e) => e.kind === 'finished') as Extract<
      EngineEffect,
      { kind: 'finished' }
    >;
    expect(finished.standings.map((s) => s.playerId)).toEqual([12, 11, 13]);
  });

  it('finishing before any round is scored gives no standings', () => {
    const done = finishEarly(weighIn(start().state, [520]).state);
    const finished = done.effects.find((e) => e.kind === 'finished') as Extract<
      EngineEffect,
      { kind: 'finished' }
    >;
    expect(finished.standings).toEqual([]);
    expect(finishEarly(done.state).changed).toBe(false);
  });

  it('continues identically from its JSON form (a restart mid-game)', () => {
    const weighed = weighIn(start().state, [520, 505, 540]);
    const restored = JSON.parse(JSON.stringify(weighed.state)) as EngineState;
    const a = weighIn(weighed.state, [480, 470], weighed.at);
    const b = weighIn(restored, [480, 470], weighed.at);
    expect(b.state).toEqual(a.state);
    expect(b.effects).toEqual(a.effects);
  });
});

describe('full-container check of the initial weighing (docs/RULES.md)', () => {
  it.each([
    ['BEER_BOTTLE', 449, 450],
    ['BEER_CAN', 299, 300],
  ] as const)('%s: refuses %i g and accepts exactly %i g', (containerType, light, exact) => {
    const refused = putDown(start({ containerType }).state, light, 0, 0).t;
    expect(refused.effects[0]).toMatchObject({
      kind: 'placement-refused',
      playerId: 11,
      grams: light,
    });
    expect(currentPlayerId(refused.state)).toBe(11);
    const accepted = putDown(start({ containerType }).state, exact, 0, 0).t;
    expect(accepted.effects[0]).toEqual({
      kind: 'placement-accepted',
      playerId: 11,
      round: 0,
      grams: exact,
      difference: null,
    });
    expect(accepted.state.players[0]!.startWeight).toBe(exact);
    expect(currentPlayerId(accepted.state)).toBe(12);
  });

  it('refuses a can under 300 g with a reason and a prompt to the same player', () => {
    const { t } = putDown(start({ containerType: 'BEER_CAN' }).state, 250, 0, 0);
    expect(t.effects).toEqual([
      {
        kind: 'placement-refused',
        playerId: 11,
        grams: 250,
        reason: 'Too light for a full can: 250 g (at least 300 g)',
      },
      {
        kind: 'display',
        phase: 'INITIAL_WEIGHING',
        player: 'Anna',
        lines: [{ key: 'tooLight', params: { grams: 250, name: 'Anna', label: 'can' } }],
        text: '250 g is too light. Anna: place a full can',
      },
    ]);
    expect(t.state.phase).toBe('INITIAL_WEIGHING');
    expect(t.state.players.every((p) => p.startWeight === null)).toBe(true);
  });

  it('accepts a retry after refusals; the player stayed on turn and the game goes on', () => {
    let { t, at } = putDown(start().state, 300, 0);
    ({ t, at } = putDown(t.state, 440, at));
    expect(kinds(t.effects)).toEqual(['placement-refused', 'display']);
    expect(currentPlayerId(t.state)).toBe(11);
    ({ t, at } = putDown(t.state, 455, at));
    expect(t.effects[0]).toMatchObject({ kind: 'placement-accepted', playerId: 11, grams: 455 });
    expect(t.state.players.map((p) => p.startWeight)).toEqual([455, null, null]);
    expect(currentPlayerId(t.state)).toBe(12);
    // A typed retry works the same way.
    const typed = manualReading(manualReading(t.state, 200).state, 470);
    expect(typed.state.players.map((p) => p.startWeight)).toEqual([455, 470, null]);
    expect(currentPlayerId(typed.state)).toBe(13);
  });
});

describe('the beer runs out: no target 10 g above the empty container (docs/RULES.md)', () => {
  /**
   * Round 1 of 5, Anna and Ben have placed, Cleo is on turn. Her placement closes the round;
   * the engine then draws the next offset from its seeded generator (state.rng).
   */
  function cleoOnTurn(
    containerType: 'BEER_BOTTLE' | 'BEER_CAN',
    seed: number,
    anna: number,
    ben: number,
  ): EngineState {
    const s = startGame({ players, containerType, roundsPlanned: 5, seed }).state;
    return {
      ...s,
      phase: 'SCORING',
      round: 1,
      target: anna,
      turn: 2,
      players: s.players.map((p, i) => ({
        ...p,
        startWeight: 600,
        weight: i === 0 ? anna : i === 1 ? ben : 600,
        differences: i < 2 ? [0] : [],
      })),
    };
  }

  const cases = [
    ['BEER_BOTTLE', 210],
    ['BEER_CAN', 25],
  ] as const;

  for (const [containerType, limit] of cases) {
    const profile = CONTAINER_PROFILES[containerType];
    it(`${containerType}: limit is empty ${profile.emptyGrams} g + 10 g`, () => {
      expect(profile.emptyGrams + 10).toBe(limit);
    });

    for (const seed of [1, 42, 2024]) {
      const draw = nextInt(seed, 25, 70).value;
      it(`${containerType}, seed ${seed}: a next target of ${limit - 1} g ends the game`, () => {
        const state = cleoOnTurn(containerType, seed, limit + draw + 40, limit + draw + 30);
        const { t } = putDown(state, limit + draw - 1, 0, 0);
        expect(t.state.phase).toBe('FINISHED');
        expect(t.state.round).toBe(1);
        expect(t.state.target).toBeNull();
        expect(kinds(t.effects)).toEqual(['placement-accepted', 'display', 'finished']);
        expect(t.state.players.map((p) => p.differences.length)).toEqual([1, 1, 1]);
      });

      it(`${containerType}, seed ${seed}: a next target of exactly ${limit} g is played`, () => {
        const state = cleoOnTurn(containerType, seed, limit + draw + 40, limit + draw + 30);
        const { t } = putDown(state, limit + draw, 0, 0);
        expect(t.state.phase).toBe('DRINKING');
        expect(t.state.round).toBe(2);
        expect(t.state.target).toBe(limit);
        expect(t.effects).toContainEqual({ kind: 'round-started', round: 2, target: limit });
      });

      it(`${containerType}, seed ${seed}: a next target of ${limit + 1} g is played`, () => {
        const state = cleoOnTurn(containerType, seed, limit + draw + 40, limit + draw + 30);
        const { t } = putDown(state, limit + draw + 1, 0, 0);
        expect(t.state.phase).toBe('DRINKING');
        expect(t.state.target).toBe(limit + 1);
      });

      it(`${containerType}, seed ${seed}: the lowest container decides, not the last one`, () => {
        const low = cleoOnTurn(containerType, seed, limit + draw + 40, limit + draw - 1);
        expect(putDown(low, limit + draw + 50, 0, 0).t.state.phase).toBe('FINISHED');
        const atLimit = cleoOnTurn(containerType, seed, limit + draw, limit + draw + 30);
        const t = putDown(atLimit, limit + draw + 50, 0, 0).t;
        expect(t.state.phase).toBe('DRINKING');
        expect(t.state.target).toBe(limit);
      });
    }
  }
});

describe('DISPLAY content (who is on turn, target, result)', () => {
  const two = [players[0]!, players[1]!];
  type Shown = Extract<EngineEffect, { kind: 'display' }>;
  /** The DISPLAYs in English: their lines are worded and tested in display-lines.test.ts. */
  const english = ({ lines: _lines, ...display }: Shown) => display;
  const displays = (effects: EngineEffect[]) =>
    effects.filter((e): e is Shown => e.kind === 'display').map(english);
  const current = (state: EngineState) => {
    const shown = currentDisplay(state);
    return shown && english(shown);
  };

  it('prompts, targets and results through a whole game, and what a reconnecting scale gets', () => {
    const started = startGame({
      players: two,
      containerType: 'BEER_BOTTLE',
      roundsPlanned: 2,
      seed: 7,
    });
    const initial = {
      kind: 'display',
      phase: 'INITIAL_WEIGHING',
      player: 'Anna',
      text: 'Anna: place your full bottle',
    };
    expect(displays(started.effects)).toEqual([initial]);
    expect(current(started.state)).toEqual(initial);

    let r = putDown(started.state, 520, 0);
    expect(displays(r.t.effects)).toEqual([
      { ...initial, player: 'Ben', text: 'Ben: place your full bottle' },
    ]);
    expect(current(r.t.state)).toMatchObject({ player: 'Ben' });

    r = putDown(r.t.state, 505, r.at);
    const t1 = 505 - nextInt(7, 25, 70).value;
    const drinking1 = {
      kind: 'display',
      phase: 'DRINKING',
      player: 'Anna',
      target: t1,
      text: `Round 1: drink down to ${t1} g! Anna weighs first`,
    };
    expect(displays(r.t.effects)).toEqual([drinking1]);
    expect(current(r.t.state)).toEqual(drinking1);

    r = putDown(r.t.state, t1, r.at);
    expect(displays(r.t.effects)).toEqual([
      {
        kind: 'display',
        phase: 'SCORING',
        player: 'Ben',
        target: t1,
        text: `Ben: put your bottle on the scale. Anna: EXACT ${t1} g!`,
      },
    ]);
    // A scale that reconnects gets the prompt without the result.
    expect(current(r.t.state)).toEqual({
      kind: 'display',
      phase: 'SCORING',
      player: 'Ben',
      target: t1,
      text: 'Ben: put your bottle on the scale',
    });

    r = putDown(r.t.state, t1 + 3, r.at);
    const t2 = t1 - nextInt(nextInt(7, 25, 70).state, 25, 70).value;
    expect(displays(r.t.effects)).toEqual([
      {
        kind: 'display',
        phase: 'DRINKING',
        player: 'Anna',
        target: t2,
        text: `Round 2: drink down to ${t2} g! Anna weighs first. Ben: ${t1 + 3} g, off by 3 g.`,
      },
    ]);

    r = putDown(r.t.state, t2 - 2, r.at);
    expect(displays(r.t.effects)).toEqual([
      {
        kind: 'display',
        phase: 'SCORING',
        player: 'Ben',
        target: t2,
        text: `Ben: put your bottle on the scale. Anna: ${t2 - 2} g, off by 2 g.`,
      },
    ]);

    r = putDown(r.t.state, t2, r.at);
    // Anna: mean 1, Ben: mean 1.5.
    expect(displays(r.t.effects)).toEqual([
      {
        kind: 'display',
        phase: 'FINISHED',
        text: `Game over! Winner: Anna. Ben: EXACT ${t2} g!`,
      },
    ]);
    expect(current(r.t.state)).toBeNull();
  });

  it('names every winner of a shared first rank', () => {
    const weighed = weighIn(start({ roundsPlanned: 1 }).state, [520, 505, 540]);
    const t = weighed.state.target!;
    const done = weighIn(weighed.state, [t + 1, t - 1, t + 2], weighed.at);
    expect(displays(done.effects).at(-1)).toEqual({
      kind: 'display',
      phase: 'FINISHED',
      text: `Game over! Winner: Anna & Ben. Cleo: ${t + 2} g, off by 2 g.`,
    });
  });
});
