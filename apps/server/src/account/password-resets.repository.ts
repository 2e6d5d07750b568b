import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

/** Only the SHA-256 of a token is stored: 256 random bits leave no dictionary to try. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** All SQL of the administrator's password reset links (migration 0020). */
export class PasswordResetsRepository {
  constructor(private readonly db: Db) {}

  /**
   * A new link for the account; the account's earlier unused links stop opening, so only the
   * newest one an administrator handed out works. Returns the token, shown once.
   */
  async create(
    userId: number,
    now: Date,
    ttlMs: number,
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + ttlMs);
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('password_resets')
        .set({ used_at: now.toISOString() })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
      await trx
        .insertInto('password_resets')
        .values({
          token_hash: hashResetToken(token),
          user_id: userId,
          created_at: now.toISOString(),
          expires_at: expiresAt.toISOString(),
          used_at: null,
        })
        .execute();
    });
    return { token, expiresAt };
  }

  /** The account an unused, unexpired link opens, or undefined. */
  findOpen(token: string, now: Date) {
    return this.db
      .selectFrom('password_resets')
      .innerJoin('users', 'users.id', 'password_resets.user_id')
      .select(['users.id', 'users.username', 'password_resets.expires_at'])
      .where('password_resets.token_hash', '=', hashResetToken(token))
      .where('password_resets.used_at', 'is', null)
      .where('password_resets.expires_at', '>', now.toISOString())
      .executeTakeFirst();
  }

  /**
   * Uses the link up, atomically: of two requests racing with one link, one gets the account
   * and the other null. Inside the caller's transaction, so a failed password write keeps it.
   */
  async consume(token: string, now: Date, trx: Db): Promise<number | null> {
    const row = await trx
      .updateTable('password_resets')
      .set({ used_at: now.toISOString() })
      .where('token_hash', '=', hashResetToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id ?? null;
  }
}
