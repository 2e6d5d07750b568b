import { CompiledQuery, type InferResult } from 'kysely';
import type { Db } from '../db/database';

type LiveUser = InferResult<ReturnType<SessionsRepository['liveUserQuery']>>[number];

/** What the auth service needs of sessions: this repository, or remembered-sessions.ts over it. */
export type SessionStore = Pick<SessionsRepository, 'create' | 'revoke' | 'findLiveUser'>;

export class SessionsRepository {
  private liveUser: CompiledQuery | null = null;

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

  /**
   * The live session and its user in one query: every authenticated request asks this, so it
   * is one primary-key lookup on each table rather than two round trips.
   */
  async findLiveUser(jti: string, now: Date) {
    // Built and compiled once: on this path Kysely's query building cost as much as the query.
    this.liveUser ??= this.liveUserQuery('', '').compile();
    const { rows } = await this.db.executeQuery(
      CompiledQuery.raw(this.liveUser.sql, [jti, now.toISOString()]),
    );
    return rows[0] as LiveUser | undefined;
  }

  private liveUserQuery(jti: string, nowIso: string) {
    return this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.user_id',
        'users.id',
        'users.username',
        'users.player_name',
        'users.status',
        'users.is_admin',
        'sessions.expires_at',
      ])
      .where('sessions.jti', '=', jti)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', nowIso);
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

  /** Deletes the sessions past their expiry (no token can use them again); returns how many. */
  async deleteExpired(now: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('sessions')
      .where('expires_at', '<=', now.toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
