import { WATCH_GRACE_MS } from '@beerscale/contract/watch';
import type { Db } from '../db/database';

/**
 * What beerscale keeps only as long as it is of use (docs/PRIVACY.md): ended sessions (expired,
 * or revoked by a sign-out, from another device, by a password change or an administrator),
 * watch links a day after their game ended (they open nothing any more), the seats of those
 * games and the action ids their phones had applied (the same day's grace: a seat's phone shows
 * the results as long as the watch link does), and password reset links once used or expired. Pending pairing codes live in memory only and lapse by themselves.
 */
export class RetentionRepository {
  constructor(private readonly db: Db) {}

  /** Deletes everything past its time; how many rows of each kind. */
  async sweep(now: Date) {
    const iso = now.toISOString();
    const sessions = await this.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', iso), eb('revoked_at', 'is not', null)]))
      .executeTakeFirst();
    const endedBefore = new Date(now.getTime() - WATCH_GRACE_MS).toISOString();
    const endedGames = this.db
      .selectFrom('games')
      .select('id')
      .where('status', 'in', ['completed', 'cancelled'])
      .where((w) => w.or([w('completed_at', 'is', null), w('completed_at', '<', endedBefore)]));
    const watchLinks = await this.db
      .deleteFrom('watch_links')
      .where('game_id', 'in', endedGames)
      .executeTakeFirst();
    const seats = await this.db
      .deleteFrom('seats')
      .where('game_id', 'in', endedGames)
      .executeTakeFirst();
    const seatActions = await this.db
      .deleteFrom('seat_actions')
      .where('game_id', 'in', endedGames)
      .executeTakeFirst();
    const resetLinks = await this.db
      .deleteFrom('password_resets')
      .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', iso)]))
      .executeTakeFirst();
    return {
      sessions: Number(sessions.numDeletedRows),
      watchLinks: Number(watchLinks.numDeletedRows),
      seats: Number(seats.numDeletedRows),
      seatActions: Number(seatActions.numDeletedRows),
      resetLinks: Number(resetLinks.numDeletedRows),
    };
  }
}

/**
 * Sweeps once at start (awaited, so a started app has swept) and then every `intervalMs`. The
 * returned stop waits for a sweep in flight, so the database can close after it.
 */
export async function startRetentionSweep(
  retention: RetentionRepository,
  intervalMs: number,
  onError: (err: unknown) => void,
): Promise<() => Promise<unknown>> {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = retention.sweep(new Date()).catch(onError);
    return running;
  };
  await sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    return running;
  };
}
