import type { Db } from '../../db/database';
import { enforce, mayPlayOnScale } from '../game-policy';
import { isGroupMember, runsAnotherGame, scaleOwner } from './scale-use.repository';

export { FOREIGN_SCALE, SCALE_BUSY } from '../game-policy';

/** Loads whose the scale is and what runs on it; game-policy.ts mayPlayOnScale decides. */
export async function assertCanPlayOn(
  db: Db,
  mac: string,
  userId: number,
  exceptGameId: number | null = null,
  /** A group's game: a scale of any of its members may be used. */
  groupId: number | null = null,
): Promise<void> {
  const ownerId = (await scaleOwner(db, mac)) ?? null;
  const busy = await runsAnotherGame(db, mac, exceptGameId);
  const ownerInGameGroup =
    groupId !== null && ownerId !== null && (await isGroupMember(db, groupId, ownerId));
  enforce(mayPlayOnScale({ ownerId, runsAnotherGame: busy, ownerInGameGroup }, userId));
}
