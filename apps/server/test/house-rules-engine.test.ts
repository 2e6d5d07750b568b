import { describe, expect, it } from 'vitest';
import { RULE_MESSAGES, RULE_PRESETS, type Rules } from '@beerscale/contract/rules';
import { isSchnapszahl } from '../src/game/play/engine/rules/penalties';
import { roundPoints } from '../src/game/play/engine/rules/scoring';
import { callerIndex, rollDice } from '../src/game/play/engine/rules/targets';
import { Table } from './support/rules-driver';

// Hand-made rounds for every rule of docs/RULES.md, on the pure engine.

const custom = (change: Partial<Rules>): Rules => ({
  ...RULE_PRESETS.classic,
  target: 'caller',
  ...change,
  penalties: { ...RULE_PRESETS.classic.penalties, ...change.penalties },
  preset: 'custom',
});
const reasons = (table: Table, id: number) =>
  (table.player(id).penaltyLog ?? []).map((e) => `${e.round}:${e.reason}`);

describe('penalties', () => {
  it('knows a Schnapszahl: two or more equal digits', () => {
    for (const yes of [11, 22, 99, 111, 333, 999, 1111]) expect(isSchnapszahl(yes)).toBe(true);
    for (const no of [0, 5, 10, 100, 121, 1110, 3333.5]) expect(isSchnapszahl(no)).toBe(false);
  });

  it('gives a Schnapszahl for 333 and for 1111', () => {
    const rules = custom({ penalties: { ...RULE_PRESETS.classic.penalties, schnapszahl: true } });
    const low = new Table(['Anna', 'Ben'], rules);
    low.place(450, 460);
    low.act({ kind: 'call', amount: 100 }); // 350
    low.place(352, 349);
    low.act({ kind: 'call', amount: 16 }); // 349 - 16 = 333
    low.place(333, 340);
    expect(reasons(low, 1)).toEqual(['2:schnapszahl']);
    expect(reasons(low, 2)).toEqual([]);

    const high = new Table(['Anna', 'Ben'], rules);
    high.place(1200, 1250);
    high.act({ kind: 'call', amount: 89 }); // 1111
    high.place(1111, 1112);
    expect(reasons(high, 1)).toEqual(['1:schnapszahl']);
    expect(reasons(high, 2)).toEqual([]);
  });

  it('gives weighing twins to each of three equal readings, not to the fourth', () => {
    const rules = custom({ penalties: { ...RULE_PRESETS.classic.penalties, twins: true } });
    const table = new Table(['A', 'B', 'C', 'D'], rules);
    table.place(500, 500, 500, 500);
    table.act({ kind: 'call', amount: 40 }); // 460
    table.place(458, 458, 458, 470);
    expect([1, 2, 3].map((id) => reasons(table, id))).toEqual([
      ['1:twins'],
      ['1:twins'],
      ['1:twins'],
    ]);
    expect(reasons(table, 4)).toEqual([]);
  });

  it('gives over and under to the farthest on each side; an exact hit is neither', () => {
    const rules = custom({ penalties: { ...RULE_PRESETS.classic.penalties, overUnder: true } });
    const table = new Table(['A', 'B', 'C', 'D'], rules);
    table.place(500, 500, 500, 500);
    table.act({ kind: 'call', amount: 40 }); // 460
    table.place(460, 470, 455, 450);
    expect([1, 2, 3, 4].map((id) => reasons(table, id))).toEqual([[], ['1:over'], [], ['1:under']]);
  });

  it('gives farthest to every player with the largest difference, and at most one per round', () => {
    const rules = custom({
      penalties: { ...RULE_PRESETS.classic.penalties, farthest: true, schnapszahl: true },
    });
    const table = new Table(['A', 'B', 'C'], rules);
    table.place(500, 500, 500);
    table.act({ kind: 'call', amount: 40 }); // 460
    table.place(444, 476, 461);
    // A is farthest (16) and read a Schnapszahl: one penalty.
    expect(reasons(table, 1)).toEqual(['1:farthest']);
    expect(reasons(table, 2)).toEqual(['1:farthest']);
    expect(reasons(table, 3)).toEqual([]);
    // Custom rules without a penalty drink: sips.
    expect(table.texts().at(-1)).toContain('A sip for A (farthest), B (farthest).');
  });

  it("names each penalised player's own drink: Schnaps, or a sip for the one on water", () => {
    const spirit = { ...RULE_PRESETS.strichliste, penaltyDrink: 'spirit' as const };
    const table = new Table(['A', 'B', 'C'], spirit, {
      penaltyDrinks: ['spirit', 'spirit', 'sip'],
    });
    table.place(500, 500, 500);
    const target = table.state.target!;
    // A hits exactly; B and C are farthest (9 g off each).
    table.place(target, target + 9, target - 9);
    expect(table.texts().at(-1)).toBe(
      'A hit exactly: choose who gets a penalty. C: 466 g, off by 9 g. Schnaps for B (farthest). A sip for C (farthest).',
    );
    table.act({ kind: 'give', to: 3 });
    expect(table.texts().at(-1)).toContain('A gives a sip to C.');
    // A state stored before players had a penalty drink names the rules' one.
    const old = new Table(['A', 'B'], spirit);
    old.place(500, 500);
    old.place(old.state.target! + 1, old.state.target! + 5);
    expect(old.texts().at(-1)).toContain('Schnaps for B (farthest).');
  });

  it('makes an exact hit drink when exact takes', () => {
    const table = new Table(
      ['A', 'B'],
      custom({
        penalties: { ...RULE_PRESETS.classic.penalties, exact: 'takes' },
      }),
    );
    table.place(500, 500);
    table.act({ kind: 'call', amount: 40 });
    table.place(460, 462);
    expect(reasons(table, 1)).toEqual(['1:exact']);
    expect(reasons(table, 2)).toEqual([]);
  });

  it('lets an exact hitter give one penalty, never to themselves, on top of the automatic ones', () => {
    const table = new Table(['A', 'B', 'C'], RULE_PRESETS.strichliste);
    table.place(500, 500, 500);
    expect(table.act({ kind: 'give', to: 2 })).toEqual({
      refused: 'out-of-turn',
      reason: RULE_MESSAGES.notGiving,
    });
    const target = table.state.target!;
    table.place(target, target + 3, target + 9);
    expect(table.state.phase).toBe('GIVING');
    expect(table.state.giving).toEqual([1]);
    const before = JSON.stringify(table.state);
    expect(table.act({ kind: 'give', to: 1 })).toEqual({
      refused: 'invalid',
      reason: RULE_MESSAGES.giveToYourself,
    });
    expect(table.act({ kind: 'give', to: 99 })).toEqual({
      refused: 'invalid',
      reason: RULE_MESSAGES.giveToPlayer,
    });
    expect(JSON.stringify(table.state)).toBe(before);
    table.act({ kind: 'give', to: 3 });
    expect(table.player(3).penaltyLog).toEqual([
      { round: 1, reason: 'farthest' },
      { round: 1, reason: 'given', fromPlayerId: 1 },
    ]);
    expect(table.state.phase).toBe('DRINKING');
    expect(table.state.round).toBe(2);
  });
});

describe('targets', () => {
  it('waits for the caller, who rotates in turn order, and refuses an amount that leaves too little', () => {
    const table = new Table(['A', 'B', 'C'], custom({}));
    table.place(500, 520, 540);
    expect(table.state.phase).toBe('CALLING');
    expect(table.state.caller).toBe(1);
    expect(table.texts().at(-1)).toBe('Round 1: A calls the target');
    expect(table.act({ kind: 'call', amount: 100 })).toBeNull();
    expect(table.state.target).toBe(400);
    expect(table.state.phase).toBe('DRINKING');
    expect(table.act({ kind: 'call', amount: 20 })).toEqual({
      refused: 'out-of-turn',
      reason: RULE_MESSAGES.notCalling,
    });
    table.place(400, 400, 400);
    expect(table.state.caller).toBe(2);
    expect(table.act({ kind: 'call', amount: 195 })).toEqual({
      refused: 'invalid',
      reason: `${RULE_MESSAGES.targetTooLow} 190 g`,
    });
  });

  it('rolls two dice: 10 x the higher + the lower, and keeps the roll in the state', () => {
    const table = new Table(['A', 'B'], custom({ target: 'dice' }), { seed: 99 });
    table.place(600, 650);
    const [high, low] = table.state.dice!;
    expect(high).toBeGreaterThanOrEqual(low);
    expect(table.state.target).toBe(600 - (10 * high + low));
    expect(table.texts().at(-1)).toContain(`Dice ${high} and ${low}: ${10 * high + low} g.`);
    for (let seed = 0; seed < 200; seed++) {
      const { amount, dice } = rollDice(seed);
      expect(amount).toBeGreaterThanOrEqual(11);
      expect(amount).toBeLessThanOrEqual(66);
      expect(amount).toBe(10 * dice![0] + dice![1]);
    }
  });

  it('skips a caller who is out', () => {
    expect(callerIndex(2, [false, true, false])).toBe(2);
    expect(callerIndex(4, [false, false, false])).toBe(0);
    expect(callerIndex(1, [true, true])).toBeNull();
  });
});

describe('disqualification and the finale', () => {
  it('puts a player out above the limit: no more turns, last rank', () => {
    const table = new Table(['A', 'B', 'C'], custom({ disqualifyAbove: 50 }), { rounds: 2 });
    table.place(500, 500, 500);
    table.act({ kind: 'call', amount: 40 }); // 460
    table.place(455, 400, 470);
    expect(table.player(2).disqualified).toBe(true);
    expect(table.texts().at(-1)).toContain('B is out.');
    // Round 2: B is skipped (and B would have been the caller).
    expect(table.state.caller).toBe(3);
    table.act({ kind: 'call', amount: 30 }); // lowest in game 455 - 30 = 425
    expect(table.state.target).toBe(425);
    table.place(415, 426);
    expect(table.state.phase).toBe('FINISHED');
    expect(table.player(2).differences).toEqual([60]);
    const ranks = Object.fromEntries(table.state.standings!.map((s) => [s.playerId, s.rank]));
    expect(ranks).toEqual({ 1: 2, 2: 3, 3: 1 });
  });

  it('plays the empty-container finale as one more round against each estimate', () => {
    const rules = custom({
      finale: 'empty-estimate',
      penalties: { ...RULE_PRESETS.classic.penalties, farthest: true, twins: true },
    });
    const table = new Table(['A', 'B'], rules, { rounds: 1 });
    table.place(500, 500);
    table.act({ kind: 'call', amount: 40 });
    table.place(462, 459);
    expect(table.state.phase).toBe('ESTIMATING');
    expect(table.texts().at(-1)).toContain('Finale: Estimate your empty bottle');
    expect(table.act({ kind: 'place', grams: 210 })).toBeNull();
    expect(table.player(1).differences).toHaveLength(1);
    expect(table.act({ kind: 'estimate', playerId: 1, grams: 210 })).toBeNull();
    expect(table.state.phase).toBe('ESTIMATING');
    table.act({ kind: 'estimate', playerId: 2, grams: 190 });
    expect(table.state.phase).toBe('FINALE');
    expect(table.texts().at(-1)).toBe('A: Put your empty bottle on the scale');
    // An empty can's 15 g would not count as a placement elsewhere; here 5 g is enough.
    table.place(205, 205);
    expect(table.state.phase).toBe('FINISHED');
    expect(table.player(1).differences).toEqual([2, 5]);
    expect(table.player(2).differences).toEqual([1, 15]);
    // Equal finale readings are no twins; the farthest from their estimate drinks.
    expect(reasons(table, 1)).toEqual(['1:farthest']);
    expect(reasons(table, 2)).toEqual(['2:farthest']);
  });
});

describe('scoring', () => {
  it('scores points: exact 5, then 3, 2, 1 by difference, ties share the better place', () => {
    expect(roundPoints([0, 5, 5, 9])).toEqual([5, 2, 2, 0]);
    expect(roundPoints([4, 1, 9, 2])).toEqual([1, 3, 0, 2]);
    expect(roundPoints([3, null, 3])).toEqual([3, 0, 3]);
  });

  it('ranks marks by fewer penalties, then mean difference', () => {
    const table = new Table(
      ['A', 'B', 'C'],
      { ...RULE_PRESETS.strichliste, target: 'caller', preset: 'custom' },
      { rounds: 1 },
    );
    table.place(500, 500, 500);
    table.act({ kind: 'call', amount: 40 });
    table.place(465, 470, 462);
    const ranks = Object.fromEntries(table.state.standings!.map((s) => [s.playerId, s.rank]));
    expect(ranks).toEqual({ 1: 2, 2: 3, 3: 1 });
    expect(table.state.standings!.map((s) => s.score)).toEqual([0, 0, 1]);
  });

  it("gives every team member the team's rank (golf: the sum of the members' differences)", () => {
    const rules = custom({ scoring: 'golf', teams: 2, teamOf: [1, 2, 2, 1] });
    const table = new Table(['A', 'B', 'C', 'D'], rules, { rounds: 1 });
    table.place(500, 500, 500, 500);
    table.act({ kind: 'call', amount: 40 });
    table.place(461, 470, 460, 462); // team 1: 1 + 2 = 3, team 2: 10 + 0 = 10
    const byId = Object.fromEntries(table.state.standings!.map((s) => [s.playerId, s]));
    expect([1, 2, 3, 4].map((id) => byId[id]!.rank)).toEqual([1, 2, 2, 1]);
    expect([1, 2, 3, 4].map((id) => byId[id]!.score)).toEqual([3, 10, 10, 3]);
  });
});
