import type { GameState } from '@beerscale/contract/game-state';

/**
 * What a watch link shows: the game as its players see it, without what identifies accounts or
 * hardware (the user ids, the scale's address). Anyone holding the link is a stranger.
 */
export function watcherView(state: GameState): GameState {
  return {
    ...state,
    scaleAddress: null,
    players: state.players.map((p) => ({ ...p, userId: null })),
  };
}
