import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin/admin-cli';
import { buildApp, type App } from '../src/app';
import { openDatabase } from '../src/db/database';
import { createAccount } from './support/factories';
import { httpClient } from './support/http-client';
import { testConfig } from './support/test-server';
import { createTestDatabase } from './support/test-database';
import { describeEachDialect } from './support/each-dialect';

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('the SQLite database', () => {
  const root = mkdtempSync(join(tmpdir(), 'beerscale-modes-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is created owner-only: folder 0700, database, -wal and -shm 0600', async () => {
    const file = join(root, 'data', 'beerscale.db');
    const handle = openDatabase(`sqlite:${file}`);
    await sql`create table t (x integer)`.execute(handle.db);
    await sql`insert into t values (1)`.execute(handle.db);
    expect(modeOf(join(root, 'data'))).toBe(0o700);
    for (const path of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(path), path).toBe(0o600);
    await handle.close();
  });

  it('is narrowed to its owner when an older version left it readable', async () => {
    const file = join(root, 'old.db');
    writeFileSync(file, '', { mode: 0o644 });
    const handle = openDatabase(`sqlite:${file}`);
    await sql`select 1`.execute(handle.db);
    expect(modeOf(file)).toBe(0o600);
    await handle.close();
  });
});

describeEachDialect('the settings key', ({ dialect }) => {
  const KEY = 'k'.repeat(40);
  const mac = 'BEEF000000C1';
  const password = 'lager-lager';

  const secretNames = async (app: App) =>
    (await app.database.db.selectFrom('app_secrets').select('name').execute()).map((r) => r.name);
  const storedPassword = async (app: App) =>
    (
      await app.database.db
        .selectFrom('scale_settings')
        .select('value')
        .where('mac', '=', mac)
        .where('key', '=', 'wifi_password')
        .executeTakeFirstOrThrow()
    ).value;

  it('moves passwords from the database key to SETTINGS_KEY, then refuses to start without it or with another', async () => {
    const database = await createTestDatabase(dialect);
    try {
      // Before: no key configured, the key is generated into the database.
      let app = await buildApp(testConfig(database.url));
      const address = await app.app.listen({ port: 0, host: '127.0.0.1' });
      const call = httpClient(address);
      const owner = await createAccount({ db: app.database.db, baseUrl: address }, { mac });
      await runAdminCommand(
        app.database,
        ['assign-scale', '--mac', mac, '--username', owner.username],
        () => {},
      );
      const put = await call('PUT', `/api/scale-settings/scales/${mac}/wifi`, {
        token: owner.token,
        body: { ssid: 'Pub', password },
      });
      expect(put.status).toBe(200);
      expect(await secretNames(app)).toContain('settings_key');
      const before = await storedPassword(app);
      await app.close();

      // With SETTINGS_KEY: re-encrypted with it, the database's key deleted.
      app = await buildApp(testConfig(database.url, { settingsKey: KEY }));
      expect(await secretNames(app)).not.toContain('settings_key');
      expect(await storedPassword(app)).not.toBe(before);
      expect((await app.services.scales.forDevice(mac)).wifi_password).toBe(password);
      await app.close();

      // Again with it: nothing to move, the same password.
      app = await buildApp(testConfig(database.url, { settingsKey: KEY }));
      expect((await app.services.scales.forDevice(mac)).wifi_password).toBe(password);
      await app.close();

      await expect(buildApp(testConfig(database.url))).rejects.toThrow(
        /encrypted with SETTINGS_KEY .*which is not set/,
      );
      await expect(
        buildApp(testConfig(database.url, { settingsKey: 'z'.repeat(40) })),
      ).rejects.toThrow(`SETTINGS_KEY does not open the WiFi password stored for scale ${mac}`);
    } finally {
      await database.drop();
    }
  });
});
