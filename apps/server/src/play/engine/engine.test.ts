import { describe, expect, it } from 'vitest';
import {
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
function putDown(state: EngineState, grams: number, at: number): { t: Transition; at: number } {
  let t: Transition = { state, effects: [], changed: false };
  const effects: EngineEffect[] = [];
  for (let i = 0; i <= 12; i += 1) {
    t = onSample(t.state, grams + (i % 2), at + i * 100);
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

describe('game engine (DESIGN §9)', () => {
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
