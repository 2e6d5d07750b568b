import { describe, expect, it } from 'vitest';
import type { GamePlayerState, GameState } from '@beerscale/contract/game-state';
import { RULE_PRESETS, type PenaltyDrink } from '@beerscale/contract/rules';
import { cardTextsFor } from '../../cards/card-texts';
import { cardTree, textOf } from '../../cards/result-card';
import { awardKeys } from './awards-words';

// The most penalties award follows the game's penalty drinks, on the result card as on the
// screens (apps/web/src/components/rules/penalty-words.test.tsx): sips in a game played for
// sips, neutral in a mixed one, and never a title that celebrates Schnaps.

const drinks = (...penaltyDrinks: PenaltyDrink[]) =>
  penaltyDrinks.map((d) => ({ penaltyDrink: d }));

function player(id: number, name: string, penaltyDrink: PenaltyDrink): GamePlayerState {
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
    penalties: id === 1 ? 3 : 0,
    penaltyLog: [],
    disqualified: false,
    team: null,
    estimate: null,
    score: 5,
    sources: [],
    drink: penaltyDrink === 'spirit' ? { kind: 'beer', abv: 5 } : { kind: 'water', abv: 0 },
    penaltyDrink,
    drankGrams: 260,
    alcoholGrams: 0,
    standardDrinks: 0,
    eveningLimit: null,
    eveningStandardDrinks: 0,
    limitReached: false,
  };
}

const game = (...penaltyDrinks: PenaltyDrink[]): GameState => ({
  id: 9,
  name: 'Stammtisch',
  mode: 'fast',
  status: 'completed',
  phase: 'FINISHED',
  round: 2,
  roundsPlanned: 2,
  target: null,
  currentPlayerId: null,
  scaleAddress: 'AABBCCDDEEFF',
  containerType: 'BEER_BOTTLE',
  rated: null,
  rules: RULE_PRESETS.strichliste,
  adultsConfirmed: true,
  caller: null,
  dice: null,
  scaleKind: 'wifi',
  bridgedBy: null,
  rating: null,
  voided: false,
  completedAt: '2026-11-28T12:00:00.000Z',
  awards: [{ id: 'mostPenalties', playerId: 1, value: 3 }],
  players: penaltyDrinks.map((d, i) => player(i + 1, ['Lena', 'Mia', 'Tim'][i]!, d)),
});

describe('the most penalties award', () => {
  it('is worded by the drinks the game was played for', () => {
    expect(awardKeys('mostPenalties', drinks('sip', 'sip'))).toEqual({
      title: 'awards.mostPenalties.sip',
      value: 'rules.penaltySips',
    });
    expect(awardKeys('mostPenalties', drinks('spirit', 'sip'))).toEqual({
      title: 'awards.mostPenalties',
      value: 'awards.mostPenalties.value',
    });
    expect(awardKeys('mostPenalties', drinks('spirit', 'spirit'))).toEqual({
      title: 'awards.mostPenalties',
      value: 'rules.penaltySpirits',
    });
    // Every other award has one wording.
    expect(awardKeys('sniper', drinks('sip'))).toEqual({
      title: 'awards.sniper',
      value: 'awards.sniper.value',
    });
  });

  it.each([
    [['sip', 'sip'], 'en', 'Most sips', '3 sips'],
    [['sip', 'sip'], 'de', 'Meiste Schlucke', '3 Schlucke'],
    [['spirit', 'sip'], 'en', 'Most penalties', '3 penalties'],
    [['spirit', 'sip'], 'de', 'Meiste Strafen', '3 Strafen'],
    [['spirit', 'spirit'], 'en', 'Most penalties', '3 Schnaps'],
    [['spirit', 'spirit'], 'de', 'Meiste Strafen', '3 Schnäpse'],
  ] as const)(
    'on the card of a game for %j in %s: %s, %s',
    (penaltyDrinks, language, title, value) => {
      const played = game(...penaltyDrinks);
      const T = cardTextsFor(language, played);
      expect(T.award.mostPenalties).toBe(title);
      expect(T.awardValue('mostPenalties', 3, '3')).toBe(value);
      const said = textOf(cardTree(played, language));
      expect(said).toContain(`${title}: Lena`);
      expect(said).toContain(value);
      expect(said).not.toMatch(/Meiste Schnäpse|Most Schnaps/);
    },
  );
});
