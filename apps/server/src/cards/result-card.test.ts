import { describe, expect, it } from 'vitest';
import type { GamePlayerState, GameState } from '@beerscale/contract/game-state';
import { CLASSIC_RULES, RULE_PRESETS } from '@beerscale/contract/rules';
import { cardTree, textOf } from './result-card';

// What the result card says (issue 44 item 9): the game's rules, the day it was played, each
// player's penalties in their own penalty drink, and who was out, in the card's language.

function player(id: number, name: string, extra: Partial<GamePlayerState> = {}): GamePlayerState {
  return {
    id,
    userId: null,
    playerName: name,
    position: id - 1,
    isLeader: id === 1,
    startWeight: 560,
    lastWeight: 300,
    differences: [4, 6],
    meanDifference: 5,
    exactMatches: 0,
    bestDifference: 4,
    rank: id,
    eloBefore: null,
    eloAfter: null,
    typedRounds: [],
    penalties: 0,
    penaltyLog: [],
    disqualified: false,
    team: null,
    estimate: null,
    score: 5,
    sources: [],
    drink: { kind: 'beer', abv: 5 },
    penaltyDrink: 'spirit',
    drankGrams: 260,
    alcoholGrams: 10.3,
    standardDrinks: 1,
    eveningLimit: null,
    eveningStandardDrinks: 1,
    limitReached: false,
    ...extra,
  };
}

/** A completed Bundeswiega game of four, one player on water (sips), Tim out at 67 g off. */
const bundeswiega: GameState = {
  id: 9,
  name: 'Stammtisch',
  mode: 'fast',
  status: 'completed',
  phase: 'FINISHED',
  round: 3,
  roundsPlanned: 2,
  target: null,
  currentPlayerId: null,
  scaleAddress: 'AABBCCDDEEFF',
  containerType: 'BEER_BOTTLE',
  rated: null,
  rules: RULE_PRESETS.bundeswiega,
  adultsConfirmed: true,
  caller: null,
  dice: null,
  scaleKind: 'wifi',
  bridgedBy: null,
  rating: null,
  voided: false,
  // Midday, so that the day is the same in any time zone the test runs in.
  completedAt: '2026-11-28T12:00:00.000Z',
  awards: [],
  players: [
    player(1, 'Lena'),
    player(2, 'Jonas', { penalties: 2, meanDifference: 4.5, score: 6.5 }),
    player(3, 'Mia', {
      penalties: 1,
      meanDifference: 7.25,
      score: 8.25,
      drink: { kind: 'water', abv: 0 },
      penaltyDrink: 'sip',
    }),
    player(4, 'Tim', {
      penalties: 3,
      disqualified: true,
      differences: [4, 67],
      meanDifference: 35.5,
      score: 38.5,
      rank: 4,
    }),
  ],
};

const classic: GameState = {
  ...bundeswiega,
  rules: CLASSIC_RULES,
  players: [player(1, 'Anna', { penaltyDrink: 'sip' }), player(2, 'Ben', { penaltyDrink: 'sip' })],
};

const said = (game: GameState, language: 'en' | 'de', now?: Date) =>
  textOf(cardTree(game, language, now));

describe('the result card says', () => {
  it('the rules the game was played by', () => {
    expect(said(bundeswiega, 'en')).toContain('Bundeswiega · Mean + penalties · November 28, 2026');
    expect(said(classic, 'en')).toContain('Classic · November 28, 2026');
    expect(said(classic, 'de')).toContain('Klassisch · 28. November 2026');
    const custom = { ...bundeswiega, rules: { ...bundeswiega.rules, preset: 'custom' as const } };
    expect(said(custom, 'en')).toContain('Custom · Mean + penalties · November 28, 2026');
    expect(said(custom, 'de')).toContain('Eigene Regeln · Schnitt + Schnäpse · 28. November 2026');
  });

  it('the day it was played, in the card language; a running game today', () => {
    expect(said(bundeswiega, 'en')).toContain('November 28, 2026');
    expect(said(bundeswiega, 'de')).toContain('28. November 2026');
    const running = { ...bundeswiega, status: 'active' as const, completedAt: null, round: 1 };
    const text = said(running, 'en', new Date('2026-12-03T12:00:00Z'));
    expect(text).toContain('Live · Round 1 of 2');
    expect(text).toContain('Bundeswiega · Mean + penalties · December 3, 2026');
  });

  it("each player's penalties in their own penalty drink, and who was out", () => {
    const en = said(bundeswiega, 'en');
    expect(en).toContain('2 Schnaps');
    expect(en).toContain('1 sip');
    expect(en).toContain('3 Schnaps · out');
    const de = said(bundeswiega, 'de');
    expect(de).toContain('2 Schnäpse');
    expect(de).toContain('1 Schluck');
    expect(de).toContain('3 Schnäpse · raus');
  });

  it('the figure the ranking uses, the scoring named once (issue 44 item 9)', () => {
    const en = said(bundeswiega, 'en');
    // Mean + penalties: Jonas's 4.5 g and 2 penalties rank him by 6.5, not by his mean.
    expect(en).toContain('6.5');
    expect(en).toContain('8.3');
    expect(en).toContain('38.5');
    expect(en).not.toContain('avg 4.5 g');
    expect(said(bundeswiega, 'de')).toContain('6,5');
    const marks = {
      ...bundeswiega,
      rules: RULE_PRESETS.strichliste,
      players: bundeswiega.players.map((p) => ({ ...p, score: p.penalties })),
    };
    expect(said(marks, 'de')).toContain('Strichliste · Striche · 28. November 2026');
    expect(said(marks, 'de')).toContain('2 Striche');
    expect(said(marks, 'de')).toContain('1 Strich');
    // Classic ranks by the mean: said as before, with no scoring's name.
    expect(said(classic, 'en')).toContain('avg 5.0 g');
    expect(said(classic, 'en')).toContain('Classic · November 28, 2026');
  });

  it('no penalty line for a game without penalties', () => {
    const text = said(classic, 'en');
    expect(text).not.toMatch(/sip|Schnaps|out/);
  });
});
