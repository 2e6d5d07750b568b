import { LOBBY_MESSAGES } from '@beerscale/contract/games';
import { forbidden, notFound } from '../http/http-error';

/** The one refusal for a game the caller cannot see: the same as for an unknown id. */
export const GAME_NOT_FOUND = LOBBY_MESSAGES.gameNotFound;
export const LEADER_ONLY = LOBBY_MESSAGES.leaderOnly;

/**
 * SPEC §6 / DESIGN §7b: the one leader check of the lobby, the running game and its watch link.
 * A game the caller cannot see does not exist for them (404, as an unknown id, so ids cannot be
 * probed); only a caller who sees the game learns that they do not lead it (403). Who sees a
 * game is its caller's to say (its players, and in the lobby the players invited to it); it is
 * asked only of callers who do not lead the game.
 */
export async function requireLeader<G extends { creator_id: number }>(
  game: G | null | undefined,
  userId: number,
  sees: () => boolean | Promise<boolean>,
): Promise<G> {
  if (!game) throw notFound(GAME_NOT_FOUND);
  if (game.creator_id === userId) return game;
  if (!(await sees())) throw notFound(GAME_NOT_FOUND);
  throw forbidden(LEADER_ONLY);
}

/** The same 404 for reads any viewer may make. */
export async function requireVisible<G>(
  game: G | null | undefined,
  sees: () => boolean | Promise<boolean>,
): Promise<G> {
  if (!game || !(await sees())) throw notFound(GAME_NOT_FOUND);
  return game;
}
