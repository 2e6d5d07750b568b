import { beforeAll, expect, it } from 'vitest';
import { ScaleClient } from '@beerscale/scale-sim/scale-client';
import { runAdminCommand } from '../src/admin/admin-cli';
import type { Account } from './support/accounts';
import { pairScale } from './support/pairing';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';

describeEachDialect('administrator API', {}, ({ server, call }) => {
  let admin: string;
  let player: Account;

  beforeAll(async () => {
    player = await createAccount(server, {
      mac: 'ADA000000001',
      username: 'scale.fan',
      playerName: 'Fan',
    });
    await runAdminCommand(
      server.instance.database,
      ['create-admin', '--username', 'root.admin', '--password', 'admin-pass'],
      () => {},
    );
    admin = (
      await call('POST', '/api/login', { body: { username: 'root.admin', password: 'admin-pass' } })
    ).body.token;
  });

  it('lists every registered scale with who asked for it', async () => {
    const reply = await call('GET', '/api/admin/scales', { token: admin });
    expect(reply.status).toBe(200);
    const scale = reply.body.scales.find((s: any) => s.mac === 'ADA000000001');
    expect(scale).toMatchObject({
      approved: false,
      connected: false,
      owner: null,
      requestedBy: { id: player.id, username: 'scale.fan', playerName: 'Fan' },
    });
  });

  it('assigns and approves, which opens scale settings to the owner, then unassigns', async () => {
    expect(
      (await call('GET', '/api/scale-settings/check-scales', { token: player.token })).body,
    ).toEqual({ hasScales: false });
    const found = await call('GET', '/api/admin/users?search=scale', { token: admin });
    expect(found.body.users).toEqual([{ id: player.id, username: 'scale.fan', playerName: 'Fan' }]);
    const assign = await call('POST', '/api/admin/scales/ADA000000001/assign', {
      token: admin,
      body: { userId: player.id },
    });
    expect(assign.status).toBe(200);
    expect(
      (await call('GET', '/api/scale-settings/check-scales', { token: player.token })).body,
    ).toEqual({ hasScales: true });
    const scales = await call('GET', '/api/scale-settings/scales', { token: player.token });
    expect(scales.body.scales).toEqual([
      {
        mac_address: 'ADA000000001',
        scale_name: null,
        model_name: null,
        connection_status: 'disconnected',
        pairing_requested: false,
        bridged: false,
      },
    ]);
    await call('POST', '/api/admin/scales/ada000000001/unassign', { token: admin });
    expect(
      (await call('GET', '/api/scale-settings/check-scales', { token: player.token })).body,
    ).toEqual({ hasScales: false });
  });

  it('pairs a device by the code it shows, then reset-key unpairs it: it pairs again by code', async () => {
    const scale = new ScaleClient({
      server: server.baseUrl,
      mac: 'ADA000000001',
      keyFile: null,
      reconnect: false,
    });
    const shown = new Promise<any>((resolve) => scale.once('PAIRING', resolve));
    const first = new Promise<any>((resolve) => scale.once('WELCOME', resolve));
    scale.start();
    const { code } = await shown;
    // Listed where an administrator can act, with what the device said of itself.
    const pending = await call('GET', '/api/admin/pairings', { token: admin });
    expect(pending.body.pairings).toEqual([
      expect.objectContaining({ mac: 'ADA000000001', firmware: 'sim-1.0', devices: 1 }),
    ]);
    const paired = await call('POST', '/api/admin/scales/ADA000000001/pair', {
      token: admin,
      body: { code },
    });
    expect(paired).toMatchObject({ status: 200, body: { paired: true } });
    const { key } = await first;
    expect(key).toBeTruthy();
    expect((await call('GET', '/api/admin/pairings', { token: admin })).body.pairings).toEqual([]);

    const closed = new Promise<number>((resolve) => scale.once('close', resolve));
    expect(
      (await call('POST', '/api/admin/scales/ADA000000001/reset-key', { token: admin })).status,
    ).toBe(200);
    expect(await closed).toBe(1008);
    expect(await keyHash()).toBeNull();
    // The old key is void: the same device is shown a new code, never handed the scale.
    const again = new ScaleClient({
      server: server.baseUrl,
      mac: 'ADA000000001',
      keyFile: null,
      key,
      reconnect: false,
    });
    const second = new Promise<any>((resolve) => again.once('PAIRING', resolve));
    const welcomed = new Promise<any>((resolve) => again.once('WELCOME', resolve));
    again.start();
    const next = await second;
    await call('POST', '/api/admin/scales/ADA000000001/pair', {
      token: admin,
      body: { code: next.code },
    });
    const welcome = await welcomed;
    expect(welcome.key).toBeTruthy();
    expect(welcome.key).not.toBe(key);
    again.stop();
    scale.stop();
  });

  it('refuses non-admins with 403, anonymous with 401, and bad input with 4xx, changing nothing', async () => {
    const hashBefore = await keyHash();
    expect(hashBefore).toBeTruthy();
    for (const [method, path, body] of [
      ['GET', '/api/admin/scales', undefined],
      ['GET', '/api/admin/users?search=a', undefined],
      ['POST', '/api/admin/scales/ADA000000001/assign', { userId: player.id }],
      ['POST', '/api/admin/scales/ADA000000001/unassign', undefined],
      ['POST', '/api/admin/scales/ADA000000001/reset-key', undefined],
      ['POST', '/api/admin/scales/ADA000000001/pair', { code: '123456' }],
      ['GET', '/api/admin/pairings', undefined],
    ] as const) {
      expect((await call(method, path, { token: player.token, body })).status).toBe(403);
      expect((await call(method, path, { body })).status).toBe(401);
    }
    expect(
      (
        await call('POST', '/api/admin/scales/ADA000000009/assign', {
          token: admin,
          body: { userId: player.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call('POST', '/api/admin/scales/ADA000000001/assign', {
          token: admin,
          body: { userId: 99999 },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('POST', '/api/admin/scales/nope/assign', {
          token: admin,
          body: { userId: player.id },
        })
      ).status,
    ).toBe(400);
    for (const body of [{}, { userId: 'one' }, { userId: -1 }, { userId: player.id, extra: 1 }]) {
      const reply = await call('POST', '/api/admin/scales/ADA000000001/assign', {
        token: admin,
        body,
      });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBeTruthy();
    }
    for (const action of ['unassign', 'reset-key']) {
      const unknown = await call('POST', `/api/admin/scales/ADA000000009/${action}`, {
        token: admin,
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ error: 'Scale not found', code: 'SCALE_NOT_FOUND' });
      expect(
        (await call('POST', `/api/admin/scales/nope/${action}`, { token: admin })).status,
      ).toBe(400);
    }
    const rows = await server.instance.database.db
      .selectFrom('scales')
      .select(['mac', 'owner_id', 'approved'])
      .orderBy('mac')
      .execute();
    expect(rows).toEqual([{ mac: 'ADA000000001', owner_id: null, approved: 0 }]);
    expect(await keyHash()).toBe(hashBefore);
  });

  async function keyHash() {
    const row = await server.instance.database.db
      .selectFrom('scales')
      .select('device_key_hash')
      .where('mac', '=', 'ADA000000001')
      .executeTakeFirst();
    return row?.device_key_hash;
  }

  it('shows a connected device with its model and when it was last seen', async () => {
    const scale = new ScaleClient({
      server: server.baseUrl,
      mac: 'ADA000000002',
      keyFile: null,
      model: 'BS-Pro',
      reconnect: false,
    });
    await pairScale(call, admin, scale, 'ADA000000002');
    const listed = (await call('GET', '/api/admin/scales', { token: admin })).body.scales;
    const entry = listed.find((s: any) => s.mac === 'ADA000000002');
    expect(entry).toMatchObject({
      connected: true,
      modelName: 'BS-Pro',
      bridged: false,
      approved: false,
      owner: null,
      requestedBy: null,
    });
    expect(Date.parse(entry.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);
    const closed = new Promise((resolve) => scale.once('close', resolve));
    scale.stop();
    await closed;
    await expect
      .poll(
        async () =>
          (await call('GET', '/api/admin/scales', { token: admin })).body.scales.find(
            (s: any) => s.mac === 'ADA000000002',
          ).connected,
      )
      .toBe(false);
  });

  it('lists every account that registered with an address, in the order they did', async () => {
    const mac = 'ADA0000000F1';
    const first = await createAccount(server, { mac, playerName: 'First' });
    const second = await createAccount(server, { mac, playerName: 'Second' });
    const third = await createAccount(server, { mac: mac.toLowerCase(), playerName: 'Third' });
    const listed = (await call('GET', '/api/admin/scales', { token: admin })).body.scales;
    const account = (a: Account) => ({ id: a.id, username: a.username, playerName: a.playerName });
    expect(listed.find((s: any) => s.mac === mac)).toMatchObject({
      owner: null,
      requestedBy: account(first),
      registrants: [account(first), account(second), account(third)],
    });
    // A device that said hello, but no account named: nobody to choose from.
    expect(listed.find((s: any) => s.mac === 'ADA000000002').registrants).toEqual([]);
    // The administrator may choose any of them, not only the first.
    const assigned = await call('POST', `/api/admin/scales/${mac}/assign`, {
      token: admin,
      body: { userId: third.id },
    });
    expect(assigned.status).toBe(200);
    const after = (await call('GET', '/api/admin/scales', { token: admin })).body.scales;
    expect(after.find((s: any) => s.mac === mac).owner).toEqual(account(third));
  });

  it('pages the scale list with a total, newest first, and refuses bad pages', async () => {
    for (let i = 0; i < 4; i += 1) {
      await createAccount(server, { mac: `ADA0000000E${i}` });
    }
    const everything = await call('GET', '/api/admin/scales?limit=200', { token: admin });
    const all = everything.body.scales.map((s: any) => s.mac);
    expect(everything.body).toMatchObject({ total: all.length, limit: 200, offset: 0 });
    expect(all.length).toBeGreaterThanOrEqual(7);
    expect(all.slice(0, 4)).toEqual([
      'ADA0000000E3',
      'ADA0000000E2',
      'ADA0000000E1',
      'ADA0000000E0',
    ]);
    const pages: string[] = [];
    for (let offset = 0; offset < all.length; offset += 3) {
      const page = await call('GET', `/api/admin/scales?limit=3&offset=${offset}`, {
        token: admin,
      });
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ total: all.length, limit: 3, offset });
      expect(page.body.scales.length).toBe(Math.min(3, all.length - offset));
      pages.push(...page.body.scales.map((s: any) => s.mac));
    }
    expect(pages).toEqual(all);
    const beyond = await call('GET', `/api/admin/scales?offset=${all.length}`, { token: admin });
    expect(beyond.body).toEqual({ scales: [], total: all.length, limit: 50, offset: all.length });
    for (const query of ['limit=0', 'limit=201', 'limit=x', 'offset=-1', 'offset=1.5', 'page=2']) {
      const refused = await call('GET', `/api/admin/scales?${query}`, { token: admin });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBeTruthy();
    }
  });
});
