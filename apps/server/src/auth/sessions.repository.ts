import type { Db } from '../db/database';

export class SessionsRepository {
  constructor(private readonly db: Db) {}

  async create(jti: string, userId: number, expiresAt: Date, now: Date): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({
        jti,
        user_id: userId,
        created_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
        revoked_at: null,
      })
      .execute();
  }

  /** The session if it exists, is not revoked and has not expired. */
  async findLive(jti: string, now: Date) {
    return this.db
      .selectFrom('sessions')
      .select(['jti', 'user_id'])
      .where('jti', '=', jti)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
  }

  async revoke(jti: string, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('sessions')
      .set({ revoked_at: now.toISOString() })
      .where('jti', '=', jti)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
