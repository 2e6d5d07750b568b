import {
  NO_GAME_ABILITIES,
  type GameAbilities,
  type GameCan,
} from '@beerscale/contract/game-state';

/**
 * A snapshot's `can` as the server would send it for a test's situation (game/game-policy.ts
 * decides it there; here each test names it): the leader's abilities, and the players whose own
 * reader may call, give or estimate. Anything not named is not allowed.
 */
export function testCan(
  leader: Partial<GameAbilities> = {},
  players: Partial<GameCan['players']> = {},
): GameCan {
  return {
    leader: { ...NO_GAME_ABILITIES, ...leader },
    players: { call: [], give: [], estimate: [], ...players },
  };
}

/** What the leader may do while a game runs and waits for nothing (type, finish, share, seats). */
export const RUNNING_LEADER: Partial<GameAbilities> = {
  type: true,
  finish: true,
  shareWatchLink: true,
  seats: true,
};
