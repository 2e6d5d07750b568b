import type { GamePlayerState, GameState } from '@beerscale/contract/game-state';
import { CLASSIC_RULES } from '@beerscale/contract/rules';

// The fields house rules, provenance and awards added to a snapshot, as a classic game on no scale yet
// has them: tests of screens that predate them spread these into their fixtures.

export const CLASSIC_PLAYER_FIELDS = {
  penalties: 0,
  penaltyLog: [],
  disqualified: false,
  team: null,
  estimate: null,
  score: null,
  sources: [],
} as const satisfies Partial<GamePlayerState>;

export const CLASSIC_GAME_FIELDS = {
  rules: CLASSIC_RULES,
  caller: null,
  dice: null,
  scaleKind: null,
  bridgedBy: null,
  rating: null,
  voided: false,
  awards: [],
} as const satisfies Partial<GameState>;
