import type { GamePlayerState, GameState } from '@beerscale/contract/game-state';
import { CLASSIC_RULES } from '@beerscale/contract/rules';

// The snapshot builders of the web tests: a classic fast game on a scale, a player who has not
// weighed yet. Each test names only the fields its screen reads.

/** Player `id` (1-based) at position `id - 1`; player 1 leads. */
export function testPlayer(id: number, overrides: Partial<GamePlayerState> = {}): GamePlayerState {
  return {
    id,
    userId: null,
    playerName: `Player ${id}`,
    position: id - 1,
    isLeader: id === 1,
    startWeight: null,
    lastWeight: null,
    differences: [],
    meanDifference: null,
    exactMatches: 0,
    bestDifference: null,
    rank: null,
    eloBefore: null,
    eloAfter: null,
    typedRounds: [],
    // What house rules, provenance and awards added, as a classic game has them.
    penalties: 0,
    penaltyLog: [],
    disqualified: false,
    team: null,
    estimate: null,
    score: null,
    sources: [],
    // Responsible play: a beer drinker who has drunk nothing yet and set no limit.
    drink: { kind: 'beer', abv: 5 },
    penaltyDrink: 'sip',
    drankGrams: 0,
    alcoholGrams: 0,
    standardDrinks: 0,
    eveningLimit: null,
    eveningStandardDrinks: 0,
    limitReached: false,
    ...overrides,
  };
}

/** A classic fast game of three rounds, active, with players 1 and 2 unless `players` says. */
export function testGame(overrides: Partial<GameState> = {}): GameState {
  return {
    id: 1,
    name: 'Friday',
    mode: 'fast',
    status: 'active',
    phase: 'SCORING',
    round: 1,
    roundsPlanned: 3,
    target: null,
    currentPlayerId: null,
    scaleAddress: 'AABBCCDDEEFF',
    containerType: 'BEER_BOTTLE',
    rated: null,
    rules: CLASSIC_RULES,
    adultsConfirmed: false,
    caller: null,
    dice: null,
    scaleKind: null,
    bridgedBy: null,
    rating: null,
    voided: false,
    awards: [],
    players: [testPlayer(1), testPlayer(2)],
    ...overrides,
  };
}
