import { randomUUID } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import type { Account } from './support/accounts';
import { createAccount } from './support/factories';
import { httpClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';
import { describeEachDialect } from './support/each-dialect';

const HOUR = 3_600_000;

describeEachDialect('expired sessions', ({ dialect }) => {
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
});
