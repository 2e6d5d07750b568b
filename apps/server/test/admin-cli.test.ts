import { expect, it } from 'vitest';
import { CliError, runAdminCommand } from '../src/admin/admin-cli';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';

describeEachDialect('admin commands', {}, ({ server, call }) => {
  const lines: string[] = [];
  const admin = (...argv: string[]) =>
    runAdminCommand(server.instance.database, argv, (line) => lines.push(line));

  it('creates an administrator who can sign in as one', async () => {
    await admin('create-admin', '--username', 'boss', '--password', 'boss-pass');
    const login = await call('POST', '/api/login', {
      body: { username: 'boss', password: 'boss-pass' },
    });
    expect(login.status).toBe(200);
    expect(login.body.user.isAdmin).toBe(true);
  });

  it('promotes an existing account and resets its password', async () => {
    const player = await createAccount(server);
    await admin('create-admin', '--username', player.username, '--password', 'new-pass-1');
    const login = await call('POST', '/api/login', {
      body: { username: player.username, password: 'new-pass-1' },
    });
    expect(login.body.user).toMatchObject({ id: player.id, isAdmin: true });
  });

  it('assigns and approves a scale, and lists it', async () => {
    const owner = await createAccount(server, { mac: 'C0FFEE000001' });
    await admin('assign-scale', '--mac', 'c0ffee000001', '--username', owner.username);
    const scale = await server.instance.database.db
      .selectFrom('scales')
      .selectAll()
      .where('mac', '=', 'C0FFEE000001')
      .executeTakeFirstOrThrow();
    expect(scale).toMatchObject({ owner_id: owner.id, approved: 1 });
    lines.length = 0;
    await admin('list-scales');
    const line = lines.find((l) => l.startsWith('C0FFEE000001'));
    expect(line).toContain(`owner=${owner.username}`);
    expect(line).toContain('approved=yes');
    expect(line).toContain('connected=no');
  });

  it('unassigns a scale and resets its pairing key, as the /admin page does', async () => {
    const owner = await createAccount(server, { mac: 'C0FFEE000002' });
    await admin('assign-scale', '--mac', 'C0FFEE000002', '--username', owner.username);
    const row = () =>
      server.instance.database.db
        .selectFrom('scales')
        .selectAll()
        .where('mac', '=', 'C0FFEE000002')
        .executeTakeFirstOrThrow();
    await server.instance.database.db
      .updateTable('scales')
      .set({ device_key_hash: 'a'.repeat(64) })
      .where('mac', '=', 'C0FFEE000002')
      .execute();
    await admin('unassign-scale', '--mac', 'c0ffee000002');
    expect(await row()).toMatchObject({ owner_id: null, approved: 0 });
    const check = await call('GET', '/api/scale-settings/check-scales', { token: owner.token });
    expect(check.body).toEqual({ hasScales: false });
    await admin('reset-key', '--mac', 'C0FFEE000002');
    expect((await row()).device_key_hash).toBeNull();
    await expect(admin('reset-key', '--mac', 'C0FFEE0000FF')).rejects.toThrow(CliError);
    await expect(admin('unassign-scale', '--mac', 'C0FFEE0000FF')).rejects.toThrow(CliError);
  });

  it('refuses bad arguments with a usage error and changes nothing', async () => {
    await expect(admin('assign-scale', '--mac', 'nope', '--username', 'boss')).rejects.toThrow(
      CliError,
    );
    await expect(
      admin('assign-scale', '--mac', 'C0FFEE000009', '--username', 'nobody.at.all'),
    ).rejects.toThrow(/No user/);
    await expect(admin('create-admin', '--username', 'x')).rejects.toThrow(/username|password/i);
    await expect(admin('explode')).rejects.toThrow(/Usage/);
    const missing = await server.instance.database.db
      .selectFrom('scales')
      .select('mac')
      .where('mac', '=', 'C0FFEE000009')
      .executeTakeFirst();
    expect(missing).toBeUndefined();
  });
});
