import type { GamePlayerState, GameState } from '@beerscale/contract/game-state';
import { CLASSIC_RULES } from '@beerscale/contract/rules';

// The house-rules fields of a game snapshot as a classic game has them, for snapshots built by
// hand in tests.

export const HOUSE_RULES_GAME: Pick<GameState, 'rules' | 'caller' | 'dice'> = {
  rules: CLASSIC_RULES,
  caller: null,
  dice: null,
};

export const HOUSE_RULES_PLAYER: Pick<
  GamePlayerState,
  'penalties' | 'penaltyLog' | 'disqualified' | 'team' | 'estimate' | 'score'
> = {
  penalties: 0,
  penaltyLog: [],
  disqualified: false,
  team: null,
  estimate: null,
  score: null,
};
