import { ERRORS } from '@beerscale/contract/messages';
import type { AuthContext } from '../../auth/auth.service';
import type { GamePlayerRow, GameRow } from '../../db/schema';
import { enforce, leads, mayPlayAsLeader, mayReadGame } from '../game-policy';
import { notFound } from '../../http/http-error';
import type { PlayRepository } from './play.repository';

export { GAME_NOT_RUNNING, LEADER_ONLY } from '../game-policy';

// Loaders for the access rules of running games; game-policy.ts decides.

export async function requireGame(repo: PlayRepository, gameId: number): Promise<GameRow> {
  const game = await repo.findGame(gameId);
  if (!game) throw notFound(ERRORS.notFound);
  return game;
}

/** Typed readings and finishing (game-policy.ts mayPlayAsLeader). */
export async function requireLeader(
  repo: PlayRepository,
  gameId: number,
  me: AuthContext,
): Promise<GameRow> {
  const game = await repo.findGame(gameId);
  // Whether the caller sees the game is asked only of callers who do not lead it.
  const sees =
    game !== undefined && !leads(game, me.user.id) && (await repo.seesGame(gameId, me.user.id));
  enforce(mayPlayAsLeader(game, me.user.id, sees));
  // enforce refused a missing game above.
  return game as GameRow;
}

/** Whose the snapshot is to read (game-policy.ts mayReadGame): loads the scale's owner if asked. */
export async function requireReader(
  repo: PlayRepository,
  game: GameRow | undefined,
  players: GamePlayerRow[],
  me: AuthContext,
): Promise<GameRow> {
  const accounts = players.map((p) => p.user_id);
  const asksScale = game?.scale_mac && !accounts.includes(me.user.id);
  const owner = asksScale ? await repo.scaleOwner(game.scale_mac!) : undefined;
  const scale = owner ? { ownerId: owner.owner_id, approved: owner.approved === 1 } : null;
  // Only a completed group game is read by the group's other members (game-visibility).
  const groupMember =
    game?.group_id != null &&
    game.status === 'completed' &&
    !accounts.includes(me.user.id) &&
    (await repo.seesGame(game.id, me.user.id));
  enforce(mayReadGame(game, me.user.id, accounts, scale, groupMember));
  // enforce refused a missing game above.
  return game as GameRow;
}
