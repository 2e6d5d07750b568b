import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EXACT_RULES,
  FINALES,
  PENALTY_DRINKS,
  SCORINGS,
  TARGET_RULES,
  type Rules,
} from '@beerscale/contract/rules';
import * as frozen from './fixtures/classic-engine/engine';
import * as engine from '../src/game/play/engine/engine';
import { nextInt } from '../src/game/play/engine/rng';
import { Table, replay } from './support/rules-driver';

// Random games under random house rules (docs/RULES.md), checked for what must hold in every
// game: ranks, winners, replay, one automatic penalty per round, teams; and classic against a
// frozen copy of the engine as it was before house rules.

const RUNS = Number(process.env.PROPERTY_RUNS ?? 150);

const rulesFor = (players: number): fc.Arbitrary<Rules> =>
  fc
    .record({
      scoring: fc.constantFrom(...SCORINGS),
      target: fc.constantFrom(...TARGET_RULES),
      penalties: fc.record({
        farthest: fc.boolean(),
        overUnder: fc.boolean(),
        schnapszahl: fc.boolean(),
        twins: fc.boolean(),
        exact: fc.constantFrom(...EXACT_RULES),
      }),
      disqualifyAbove: fc.option(fc.integer({ min: 10, max: 200 })),
      finale: fc.constantFrom(...FINALES),
      penaltyDrink: fc.constantFrom(...PENALTY_DRINKS),
      teams: fc.option(fc.integer({ min: 2, max: Math.min(5, players) }), { freq: 3 }),
      spread: fc.array(fc.integer({ min: 0, max: 4 }), {
        minLength: players,
        maxLength: players,
      }),
      alternate: fc.boolean(),
    })
    .map(({ spread, alternate, ...rules }) => {
      const teams = rules.teams;
      // Every team gets a player first, the rest at random.
      const teamOf =
        teams === null || alternate
          ? null
          : spread.map((pick, i) => (i < teams ? i + 1 : (pick % teams) + 1));
      return { ...rules, preset: 'custom' as const, teamOf };
    });

const gameArb = fc.integer({ min: 2, max: 6 }).chain((players) =>
  fc.record({
    players: fc.constant(players),
    rules: rulesFor(players),
    rounds: fc.integer({ min: 1, max: 5 }),
    seed: fc.integer(),
    choices: fc.integer(),
  }),
);

/** Plays a whole game, choosing readings and actions from `choices` as a table might. */
function play(game: {
  players: number;
  rules?: Rules;
  rounds: number;
  seed: number;
  choices: number;
}) {
  const names = Array.from({ length: game.players }, (_, i) => `P${i + 1}`);
  const table = new Table(names, game.rules, { seed: game.seed, rounds: game.rounds });
  let rng = game.choices;
  const pick = (min: number, max: number) => {
    const draw = nextInt(rng, min, max);
    rng = draw.state;
    return draw.value;
  };
  const inGame = () => table.state.players.filter((p) => !p.disqualified);
  for (let step = 0; step < 400 && table.state.phase !== 'FINISHED'; step++) {
    if (pick(1, 100) <= 2) {
      table.act({ kind: 'finish' });
      break;
    }
    const state = table.state;
    switch (state.phase) {
      case 'INITIAL_WEIGHING':
        table.act({ kind: 'place', grams: pick(450, 1200) });
        break;
      case 'DRINKING':
      case 'SCORING': {
        const target = state.target!;
        const roll = pick(1, 10);
        const grams =
          roll <= 2
            ? target
            : roll === 3
              ? [222, 333, 444, 555][pick(0, 3)]!
              : target + pick(-70, 70);
        table.act({ kind: 'place', grams: Math.max(25, grams) });
        break;
      }
      case 'CALLING':
        if (table.act({ kind: 'call', amount: pick(10, 100) }))
          table.act({ kind: 'call', amount: 10 });
        break;
      case 'GIVING': {
        const giver = state.giving![0];
        const others = inGame().filter((p) => p.id !== giver);
        table.act({ kind: 'give', to: others[pick(0, others.length - 1)]!.id });
        break;
      }
      case 'ESTIMATING':
        for (const p of inGame())
          table.act({ kind: 'estimate', playerId: p.id, grams: pick(150, 260) });
        break;
      case 'FINALE':
        table.act({ kind: 'place', grams: pick(170, 260) });
        break;
    }
  }
  return { table, names };
}

describe('house rules over random games', () => {
  it('end every game, rank a permutation with ties shared and the winner best', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        const { table } = play(game);
        expect(table.state.phase).toBe('FINISHED');
        const standings = table.state.standings!;
        // With teams the ranked entrants are the teams (one line each), else the players.
        const entrants =
          game.rules.teams === null
            ? standings
            : [...new Map(standings.map((s) => [table.player(s.playerId).team, s])).values()];
        for (const s of entrants) {
          expect(s.rank).toBe(1 + entrants.filter((o) => o.rank < s.rank).length);
        }
        const inGame = standings.filter((s) => !table.player(s.playerId).disqualified);
        const teamOut = (id: number) =>
          game.rules.teams !== null &&
          table.state.players.some((p) => p.team === table.player(id).team && p.disqualified);
        const contenders = inGame.filter((s) => !teamOut(s.playerId));
        if (contenders.length > 0) {
          const scores = contenders.map((s) => s.score);
          const best = game.rules.scoring === 'points' ? Math.max(...scores) : Math.min(...scores);
          for (const winner of standings.filter((s) => s.rank === 1)) {
            expect(winner.score).toBe(best);
          }
        }
        // Anyone out (or on a team with someone out) shares the last rank.
        const last = Math.max(...standings.map((s) => s.rank));
        for (const s of standings) {
          if (table.player(s.playerId).disqualified) expect(s.rank).toBe(last);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('replay the recorded readings and actions to the same state', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        const { table, names } = play(game);
        const again = replay(
          names,
          game.rules,
          { seed: game.seed, rounds: game.rounds },
          table.actions,
        );
        expect(again).toEqual(table.state);
      }),
      { numRuns: RUNS },
    );
  });

  it('give each player at most one automatic penalty per round', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        const { table } = play(game);
        for (const p of table.state.players) {
          const automatic = (p.penaltyLog ?? []).filter((e) => e.reason !== 'given');
          const rounds = automatic.map((e) => e.round);
          expect(new Set(rounds).size).toBe(rounds.length);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("give team members their team's rank", () => {
    fc.assert(
      fc.property(
        gameArb.filter((g) => g.rules.teams !== null),
        (game) => {
          const { table } = play(game);
          const rankOf = new Map(table.state.standings!.map((s) => [s.playerId, s.rank]));
          for (const a of table.state.players) {
            for (const b of table.state.players) {
              if (a.team === b.team && rankOf.has(a.id) && rankOf.has(b.id)) {
                expect(rankOf.get(a.id)).toBe(rankOf.get(b.id));
              }
            }
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});

type AnyEffect = { kind: string } & Record<string, unknown>;

/**
 * The effects as the engine before house rules shaped them: a DISPLAY's keyed lines came later
 * (its English text is compared, sentence by sentence: the instruction now comes first, so the
 * scale's small display never cuts it off), standings gained fields.
 */
function asBefore(effects: readonly AnyEffect[]) {
  return effects.map((effect) => {
    if (effect.kind === 'display') return sentencesOf(withoutLines(effect));
    if (effect.kind !== 'finished') return effect;
    const standings = effect.standings as Record<string, unknown>[];
    return {
      kind: 'finished',
      standings: standings.map((s) => ({
        playerId: s.playerId,
        rank: s.rank,
        meanDifference: s.meanDifference,
        exactMatches: s.exactMatches,
        bestDifference: s.bestDifference,
      })),
    };
  });
}

describe('classic', () => {
  it('plays exactly as the engine before house rules on the same readings', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 10 }),
        fc.integer({ min: 1, max: 10 }),
        fc.integer(),
        fc.constantFrom('BEER_BOTTLE' as const, 'BEER_CAN' as const),
        fc.array(
          fc.record({
            grams: fc.integer({ min: 0, max: 1500 }),
            typed: fc.boolean(),
            noise: fc.integer({ min: -3, max: 3 }),
          }),
          { minLength: 10, maxLength: 120 },
        ),
        fc.boolean(),
        (count, rounds, seed, containerType, readings, endEarly) => {
          const setup = {
            players: Array.from({ length: count }, (_, i) => ({
              id: 10 + i,
              name: `N${i}`,
              position: i,
            })),
            containerType,
            roundsPlanned: rounds,
            seed,
          };
          let before = frozen.startGame(setup);
          let after = engine.startGame(setup);
          const effects = {
            before: [...before.effects] as AnyEffect[],
            after: [...after.effects] as AnyEffect[],
          };
          let at = 0;
          for (const reading of readings) {
            const steps: [frozen.Transition, engine.Transition][] = [];
            if (reading.typed) {
              steps.push([
                frozen.manualReading(before.state, reading.grams),
                engine.manualReading(after.state, reading.grams),
              ]);
            } else {
              for (const grams of [
                0,
                reading.grams,
                reading.grams + reading.noise,
                reading.grams,
              ]) {
                at += 400;
                steps.push([
                  frozen.onSample(before.state, grams, at),
                  engine.onSample(after.state, grams, at),
                ]);
                before = steps.at(-1)![0];
                after = steps.at(-1)![1];
              }
            }
            for (const [b, a] of steps) {
              before = b;
              after = a;
              effects.before.push(...(b.effects as AnyEffect[]));
              effects.after.push(...(a.effects as AnyEffect[]));
              expect(a.changed).toBe(b.changed);
            }
          }
          if (endEarly) {
            before = frozen.finishEarly(before.state);
            after = engine.finishEarly(after.state);
            effects.before.push(...(before.effects as AnyEffect[]));
            effects.after.push(...(after.effects as AnyEffect[]));
          }
          expect(asBefore(effects.after)).toEqual(
            effects.before.map((e) => (e.kind === 'display' ? sentencesOf(e) : e)),
          );
          const shown = engine.currentDisplay(after.state);
          expect(shown && withoutLines(shown)).toEqual(frozen.currentDisplay(before.state));
          expect(engine.currentPlayerId(after.state)).toBe(frozen.currentPlayerId(before.state));
          const core = (s: frozen.EngineState | engine.EngineState) => ({
            phase: s.phase,
            round: s.round,
            target: s.target,
            turn: s.turn,
            rng: s.rng,
            detector: s.detector,
            players: s.players.map((p) => [p.id, p.startWeight, p.weight, p.differences]),
          });
          expect(core(after.state)).toEqual(core(before.state));
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });
});

/** A display's text as its sentences in a fixed order, so only their order may differ. */
function sentencesOf<T extends object>(effect: T): T {
  const text = (effect as { text?: unknown }).text;
  if (typeof text !== 'string') return effect;
  const sentences = text
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim().replace(/\.$/, ''))
    .filter((sentence) => sentence.length > 0)
    .sort();
  return { ...effect, text: sentences.join(' | ') };
}

function withoutLines<T extends object>(effect: T): Omit<T, 'lines'> {
  const { lines: _lines, ...rest } = effect as T & { lines?: unknown };
  return rest;
}
