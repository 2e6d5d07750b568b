import { REFUSALS } from '@beerscale/contract/messages';
import { conflict, forbidden } from '../http/http-error';
import type { Db } from '../db/database';
import { runsAnotherGame, scaleOwner } from './scale-use.repository';

export const FOREIGN_SCALE = REFUSALS.foreignScale;
export const SCALE_BUSY = REFUSALS.scaleBusy;

/**
 * DESIGN §6: a game may use a scale that is the player's own (assigned and approved) or not
 * assigned to anyone; another owner's scale is refused. Unknown addresses are fine: the scale
 * row is created when the device first says hello. One scale runs one game at a time.
 */
export async function assertCanPlayOn(
  db: Db,
  mac: string,
  userId: number,
  exceptGameId: number | null = null,
): Promise<void> {
  const owner = await scaleOwner(db, mac);
  if (owner != null && owner !== userId) throw forbidden(FOREIGN_SCALE);
  if (await runsAnotherGame(db, mac, exceptGameId)) throw conflict(SCALE_BUSY);
}
