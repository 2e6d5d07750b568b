import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { PresenceRepository } from '../src/realtime/presence.repository';
import type { Account } from './support/accounts';
import { httpClient, type HttpCall } from './support/http-client';
import { openSocket } from './support/socket-client';
import { startTestServer, testConfig, type TestServer } from './support/test-server';
import { describeEachDialect } from './support/each-dialect';
import { createAccount, createAccounts } from './support/factories';

const GRACE_MS = 300;

describeEachDialect('presence across instances', ({ dialect }) => {
  let server: TestServer;
  let other: App;
  let otherUrl: string;
  let call: HttpCall;
  let reader: Account;

  beforeAll(async () => {
    server = await startTestServer(dialect, { presenceGraceMs: GRACE_MS });
    other = await buildApp(testConfig(server.database.url, { presenceGraceMs: GRACE_MS }));
    otherUrl = await other.app.listen({ port: 0, host: '127.0.0.1' });
    call = httpClient(server.baseUrl);
    reader = await createAccount(server);
  });
  afterAll(async () => {
    await other.close();
    await server.stop();
  });

  const statusOf = async (id: number) =>
    (await call('GET', `/api/users?limit=1&userId=${id}`, { token: reader.token })).body[0].status;
  const db = () => server.instance.database.db;

  it('keeps a user online while a socket of theirs is open on any instance', async () => {
    const me = await createAccount(server);
    const onA = await openSocket(`${server.wsUrl}/ws?token=${me.token}`);
    const onB = await openSocket(`${otherUrl.replace(/^http/, 'ws')}/ws?token=${me.token}`);
    await Promise.all([onA.roundTrip(), onB.roundTrip()]);
    onB.close();
    // Held past the grace period, so only the other socket can be what keeps the user online.
    await delay(GRACE_MS * 3);
    expect(await statusOf(me.id)).toBe('logged_in');
    onA.close();
    await expect.poll(() => statusOf(me.id)).toBe('offline');
  });

  it('sweeps away what a dead instance held, and no one else', async () => {
    const repo = new PresenceRepository(db());
    const [crashed, alive, justIn, stray] = await createAccounts(server, 4);
    // Their sign-in claims on the real instances are replaced by the scene below. Those claims
    // are written after the sign-in answers: wait for all four, or one may land after the delete.
    const ids = [crashed!.id, alive!.id, justIn!.id, stray!.id];
    await expect
      .poll(async () => {
        const held = await db()
          .selectFrom('presence_claims')
          .select('user_id')
          .distinct()
          .where('user_id', 'in', ids)
          .execute();
        return held.length;
      })
      .toBe(ids.length);
    await db()
      .deleteFrom('presence_claims')
      .where('user_id', 'in', [crashed!.id, alive!.id, justIn!.id, stray!.id])
      .execute();
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    await repo.heartbeat('dead-1', iso(now - 60_000));
    await repo.heartbeat('live-1', iso(now));
    await repo.claim('dead-1', crashed!.id, 2, iso(now - 60_000));
    await repo.claim('live-1', alive!.id, 1, iso(now - 60_000));
    // Signed in a moment ago, no socket yet: held for the grace period.
    await repo.claim('live-1', justIn!.id, 0, iso(now));
    for (const user of [crashed!, alive!, justIn!, stray!]) {
      await db()
        .updateTable('users')
        .set({ status: 'searching' })
        .where('id', '=', user.id)
        .execute();
    }

    const cutoffs = { aliveSince: iso(now - 20_000), claimedSince: iso(now - 10_000) };
    const swept = await repo.sweep(cutoffs);
    // The two servers' own sweeps run on their timers against the same rows and may take one of
    // the two first (seen on a loaded machine): what this sweep returns is part of what was
    // swept, never anyone still held; the statuses below say both went offline.
    expect([crashed!.id, stray!.id]).toEqual(expect.arrayContaining(swept));
    expect(swept).not.toContain(alive!.id);

    expect(await statusOf(crashed!.id)).toBe('offline');
    expect(await statusOf(stray!.id)).toBe('offline');
    expect(await statusOf(alive!.id)).toBe('searching');
    expect(await statusOf(justIn!.id)).toBe('searching');
    const instances = await db().selectFrom('instances').select('id').execute();
    expect(instances.map((i) => i.id)).not.toContain('dead-1');
    const claims = await db()
      .selectFrom('presence_claims')
      .select('user_id')
      .where('instance_id', '=', 'dead-1')
      .execute();
    expect(claims).toEqual([]);
    await db().deleteFrom('instances').where('id', '=', 'live-1').execute();
    await db().deleteFrom('presence_claims').where('instance_id', '=', 'live-1').execute();
  });

  it('on shutdown sets offline only those no other instance holds', async () => {
    const third = await buildApp(testConfig(server.database.url, { presenceGraceMs: GRACE_MS }));
    const thirdUrl = (await third.app.listen({ port: 0, host: '127.0.0.1' })).replace(
      /^http/,
      'ws',
    );
    const both = await createAccount(server);
    const onlyThere = await createAccount(server);
    const kept = await openSocket(`${server.wsUrl}/ws?token=${both.token}`);
    await openSocket(`${thirdUrl}/ws?token=${both.token}`);
    await openSocket(`${thirdUrl}/ws?token=${onlyThere.token}`);
    // Past the grace of their sign-ins: only the sockets hold them now.
    await delay(GRACE_MS * 2);
    await third.close();
    expect(await statusOf(onlyThere.id)).toBe('offline');
    expect(await statusOf(both.id)).toBe('logged_in');
    kept.close();
  });
});
