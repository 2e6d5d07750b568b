import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { createAccount } from './support/factories';
import { twoInstances } from './support/two-instances';

// Each instance answers the session check of authenticated requests from memory; a logout
// anywhere reaches every instance over the bus (PostgreSQL LISTEN/NOTIFY, docs/ARCHITECTURE.md).
const dialects = process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [];

describe.skipIf(dialects.length === 0)('sessions across instances', () => {
  const two = twoInstances('postgres');

  const heard = (app: App, jti: string) =>
    new Promise<void>((resolve) => {
      const stop = app.bus.subscribe('session.revoked', (event) => {
        if (event.jti === jti) {
          stop();
          resolve();
        }
      });
    });
  const jtiOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).jti as string;

  it('a logout on one instance makes the token 401 on the other', async () => {
    const me = await createAccount(two.server);
    // B has checked the session, and remembers it.
    expect((await two.callB('GET', '/api/profile', { token: me.token })).status).toBe(200);
    expect((await two.callB('GET', '/api/profile', { token: me.token })).status).toBe(200);

    const revokedOnB = heard(two.other, jtiOf(me.token));
    expect((await two.callA('POST', '/api/logout', { token: me.token })).status).toBe(200);
    expect((await two.callA('GET', '/api/profile', { token: me.token })).status).toBe(401);
    await revokedOnB;
    expect((await two.callB('GET', '/api/profile', { token: me.token })).status).toBe(401);
    const verify = await two.callB('GET', '/api/verify-token', { token: me.token });
    expect(verify).toMatchObject({ status: 401, body: { valid: false } });
  });

  /**
   * Every event A published so far has reached B: B heard a marker A published after them (one
   * NOTIFY at a time, delivered in order). B remembers nothing it read while an event came in.
   */
  async function settled() {
    const marker = `settled-${randomUUID()}`;
    const arrived = heard(two.other, marker);
    two.server.instance.bus.publish('session.revoked', { jti: marker });
    await arrived;
  }

  it('answers a remembered session without asking the database', async () => {
    const me = await createAccount(two.server);
    // The sign-up's events (the new player's status) could otherwise reach B during its read,
    // and B would rightly not remember what it read then.
    await settled();
    expect((await two.callB('GET', '/api/verify-token', { token: me.token })).status).toBe(200);
    // Revoked behind the bus's back (no logout, so no event): B still knows the session, which
    // shows that it did not read it again. A real logout always publishes (test above).
    await two.server.instance.database.db
      .updateTable('sessions')
      .set({ revoked_at: new Date().toISOString() })
      .where('jti', '=', jtiOf(me.token))
      .execute();
    expect((await two.callB('GET', '/api/verify-token', { token: me.token })).status).toBe(200);
    // A, which never checked this session, reads the database and refuses it.
    expect((await two.callA('GET', '/api/verify-token', { token: me.token })).status).toBe(401);
  });

  it('shows a rename and a status change from another instance in verify-token', async () => {
    const me = await createAccount(two.server);
    expect(
      (await two.callB('GET', '/api/verify-token', { token: me.token })).body.user,
    ).toMatchObject({
      playerName: me.playerName,
      status: 'logged_in',
    });
    const renamed = new Promise<void>((resolve) => {
      const stop = two.other.bus.subscribe('user.renamed', ({ userId }) => {
        if (userId === me.id) {
          stop();
          resolve();
        }
      });
    });
    const changed = new Promise<void>((resolve) => {
      const stop = two.other.bus.subscribe('users.status-changed', ({ userIds, status }) => {
        if (status === 'searching' && userIds.includes(me.id)) {
          stop();
          resolve();
        }
      });
    });
    await two.callA('PUT', '/api/profile', { token: me.token, body: { playerName: 'Renamed' } });
    await two.callA('PUT', `/api/users/${me.id}/status`, {
      token: me.token,
      body: { status: 'searching' },
    });
    await Promise.all([renamed, changed]);
    expect(
      (await two.callB('GET', '/api/verify-token', { token: me.token })).body.user,
    ).toMatchObject({
      playerName: 'Renamed',
      status: 'searching',
    });
  });
});
