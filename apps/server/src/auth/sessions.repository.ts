import { CompiledQuery, type InferResult } from 'kysely';
import type { Db } from '../db/database';

type LiveUser = InferResult<ReturnType<SessionsRepository['liveUserQuery']>>[number];

/** What the auth service needs of sessions: this repository, or remembered-sessions.ts over it. */
export type SessionStore = Pick<
  SessionsRepository,
  'create' | 'revoke' | 'findLiveUser' | 'touch'
> & {
  /** A live session's user when it is at hand in memory (remembered-sessions.ts). */
  remembered?(jti: string, now: Date): Awaited<ReturnType<SessionsRepository['findLiveUser']>>;
};

export class SessionsRepository {
  private liveUser: CompiledQuery | null = null;

  constructor(private readonly db: Db) {}

  async create(
    jti: string,
    userId: number,
    expiresAt: Date,
    now: Date,
    userAgent: string | null = null,
  ): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({
        jti,
        user_id: userId,
        created_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
        revoked_at: null,
        user_agent: userAgent,
        last_seen_at: now.toISOString(),
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
        'sessions.last_seen_at',
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

  /** The account's live sessions, newest first. */
  liveOf(userId: number, now: Date) {
    return this.db
      .selectFrom('sessions')
      .select(['jti', 'created_at', 'last_seen_at', 'user_agent'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .orderBy('created_at', 'desc')
      .orderBy('jti')
      .execute();
  }

  /** Every session the account ever had that is still stored (the data export). */
  allOf(userId: number) {
    return this.db
      .selectFrom('sessions')
      .select(['created_at', 'last_seen_at', 'expires_at', 'revoked_at', 'user_agent'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  /**
   * Revokes the account's live sessions but `keepJti` (none kept when null) and returns the
   * ids revoked, so their sockets can be closed wherever they are.
   */
  async revokeAllOf(
    userId: number,
    keepJti: string | null,
    now: Date,
    db: Db = this.db,
  ): Promise<string[]> {
    let query = db
      .updateTable('sessions')
      .set({ revoked_at: now.toISOString() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now.toISOString());
    if (keepJti !== null) query = query.where('jti', '!=', keepJti);
    const rows = await query.returning('jti').execute();
    return rows.map((row) => row.jti);
  }

  /** Revokes one live session of this account; false when it has none by that id. */
  async revokeOwn(userId: number, jti: string, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('sessions')
      .set({ revoked_at: now.toISOString() })
      .where('jti', '=', jti)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Records that the session was used (written at most every few minutes per session). */
  async touch(jti: string, now: Date): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ last_seen_at: now.toISOString() })
      .where('jti', '=', jti)
      .execute();
  }
}
