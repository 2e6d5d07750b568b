import { randomUUID } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import type { Account } from './support/accounts';
import { createAccount } from './support/factories';
import { httpClient } from './support/http-client';
import { adminToken } from './support/pairing';
import { startTestServer, type TestServer } from './support/test-server';
import { describeEachDialect } from './support/each-dialect';

const HOUR = 3_600_000;

describeEachDialect('retention sweep', ({ dialect }) => {
  let server: TestServer | undefined;
  afterEach(() => server?.stop());

  async function addSession(url: string, userId: number, expiresAt: Date): Promise<string> {
    // Through a handle of its own: the app under test may be stopped meanwhile.
    const handle = openDatabase(url);
    try {
      const jti = randomUUID();
      await handle.db
        .insertInto('sessions')
        .values({
          jti,
          user_id: userId,
          created_at: new Date(expiresAt.getTime() - HOUR).toISOString(),
          expires_at: expiresAt.toISOString(),
          revoked_at: null,
        })
        .execute();
      return jti;
    } finally {
      await handle.close();
    }
  }

  async function sessionIds(s: TestServer): Promise<string[]> {
    const rows = await s.instance.database.db.selectFrom('sessions').select('jti').execute();
    return rows.map((r) => r.jti);
  }

  async function started(sessionSweepMs: number): Promise<{ s: TestServer; account: Account }> {
    const s = await startTestServer(dialect, { sessionSweepMs });
    server = s;
    return { s, account: await createAccount(s) };
  }

  it('deletes expired sessions when the app starts', async () => {
    // The interval is an hour: only the start-up sweep can delete the row.
    const { s, account } = await started(HOUR);
    const expired = await addSession(s.database.url, account.id, new Date(Date.now() - 60_000));
    const live = await addSession(s.database.url, account.id, new Date(Date.now() + HOUR));
    expect(await sessionIds(s)).toContain(expired);
    await s.restart();
    const left = await sessionIds(s);
    expect(left).not.toContain(expired);
    expect(left).toContain(live);
    // The account's sign-in session is live and still works.
    const reply = await httpClient(s.baseUrl)('GET', '/api/verify-token', { token: account.token });
    expect(reply.status).toBe(200);
  });

  it('deletes expired sessions on its interval while running', async () => {
    const { s, account } = await started(50);
    const expired = await addSession(s.database.url, account.id, new Date(Date.now() - 60_000));
    const live = await addSession(s.database.url, account.id, new Date(Date.now() + HOUR));
    await expect.poll(() => sessionIds(s)).not.toContain(expired);
    const left = await sessionIds(s);
    expect(left).not.toContain(expired);
    expect(left).toContain(live);
  });

  it('deletes revoked sessions, watch links a day after their game ended, and spent reset links', async () => {
    const { s, account } = await started(50);
    const call = httpClient(s.baseUrl);
    const db = s.instance.database.db;
    const revoked = await addSession(s.database.url, account.id, new Date(Date.now() + HOUR));
    await db
      .updateTable('sessions')
      .set({ revoked_at: new Date().toISOString() })
      .where('jti', '=', revoked)
      .execute();

    const now = Date.now();
    const game = async (status: 'completed' | 'active', endedHoursAgo: number | null) => {
      const row = await db
        .insertInto('games')
        .values({
          name: 'Retained',
          mode: 'fast',
          creator_id: account.id,
          status,
          rng_seed: 1,
          created_at: new Date(now - 50 * HOUR).toISOString(),
          completed_at:
            endedHoursAgo === null ? null : new Date(now - endedHoursAgo * HOUR).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('watch_links')
        .values({
          game_id: row.id,
          token: `t${row.id}${'x'.repeat(20)}`,
          created_at: new Date().toISOString(),
        })
        .execute();
      return row.id;
    };
    const stale = await game('completed', 25);
    const recent = await game('completed', 1);
    const running = await game('active', null);

    const admin = await adminToken(call, s.instance.database);
    const link = async () =>
      (
        await call('POST', `/api/admin/users/${account.id}/reset-link`, { token: admin })
      ).body.url.split('/reset/')[1];
    const used = await link();
    await call('POST', `/api/password-reset/${used}`, { body: { newPassword: 'a-new-password' } });
    await link();
    await db
      .updateTable('password_resets')
      .set({ expires_at: new Date(now - 1000).toISOString() })
      .where('used_at', 'is', null)
      .execute();
    const open = await link();

    await expect.poll(() => sessionIds(s)).not.toContain(revoked);
    await expect
      .poll(async () =>
        (await db.selectFrom('watch_links').select('game_id').execute())
          .map((r) => r.game_id)
          .sort(),
      )
      .toEqual([recent, running].sort());
    expect(stale).toBeGreaterThan(0);
    await expect
      .poll(
        async () => (await db.selectFrom('password_resets').select('token_hash').execute()).length,
      )
      .toBe(1);
    expect((await call('GET', `/api/password-reset/${open}`)).status).toBe(200);
  });

  it("deletes the seats of games that ended more than a day ago, and their phones' action ids", async () => {
    const { s, account } = await started(50);
    const db = s.instance.database.db;
    const now = Date.now();
    const game = async (
      status: 'completed' | 'cancelled' | 'active',
      endedHoursAgo: number | null,
    ) => {
      const { id } = await db
        .insertInto('games')
        .values({
          name: 'Seated',
          mode: 'fast',
          creator_id: account.id,
          status,
          rng_seed: 1,
          created_at: new Date(now - 50 * HOUR).toISOString(),
          completed_at:
            endedHoursAgo === null ? null : new Date(now - endedHoursAgo * HOUR).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const player = await db
        .insertInto('game_players')
        .values({
          game_id: id,
          user_id: null,
          player_name: 'Bob',
          position: 1,
          joined_at: new Date(now - 50 * HOUR).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const at = new Date(now - 30 * HOUR).toISOString();
      await db
        .insertInto('seats')
        .values({
          game_id: id,
          player_id: player.id,
          token_hash: `hash-${id}`,
          device: 'Firefox on Android',
          taken_at: at,
        })
        .execute();
      await db
        .insertInto('seat_actions')
        .values({ game_id: id, action_id: `action-${id}`, player_id: player.id, applied_at: at })
        .execute();
      return id;
    };
    const stale = await game('completed', 25);
    const staleCancelled = await game('cancelled', 26);
    const recent = await game('completed', 1);
    const running = await game('active', null);
    const left = async (table: 'seats' | 'seat_actions') =>
      (await db.selectFrom(table).select('game_id').execute()).map((r) => r.game_id).sort();
    const kept = [recent, running].sort();
    await expect.poll(() => left('seats')).toEqual(kept);
    await expect.poll(() => left('seat_actions')).toEqual(kept);
    // The ended games themselves and their players stay: only the phones' part goes.
    const games = await db
      .selectFrom('games')
      .select('id')
      .where('id', 'in', [stale, staleCancelled])
      .execute();
    expect(games).toHaveLength(2);
  });
});
