import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './cluster';

const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [];
const BIN = versions
  .map((v) => `/usr/lib/postgresql/${v}/bin`)
  .find((b) => existsSync(`${b}/initdb`));

/**
 * A PostgreSQL server of the test's own (Debian's binaries, run as the postgres user), so a
 * test can stop and restart the database server without disturbing the shared one.
 */
export function privatePostgresAvailable(): boolean {
  if (!BIN || userInfo().uid !== 0) return false;
  return spawnSync('id', ['-u', 'postgres']).status === 0;
}

export interface PrivatePostgres {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  if (!BIN) throw new Error('PostgreSQL binaries not found');
  const dir = mkdtempSync(join(tmpdir(), 'beerscale-pg-'));
  const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  chownSync(dir, uid, gid);
  const data = join(dir, 'data');
  const init = spawnSync(
    'runuser',
    [
      '-u',
      'postgres',
      '--',
      `${BIN}/initdb`,
      '-D',
      data,
      '-A',
      'trust',
      '-U',
      'postgres',
      '--no-sync',
    ],
    { encoding: 'utf8' },
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await freePort();
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;

  const server: PrivatePostgres = {
    url,
    async start() {
      child = spawn(
        'runuser',
        [
          '-u',
          'postgres',
          '--',
          `${BIN}/postgres`,
          '-D',
          data,
          '-p',
          String(port),
          '-k',
          dir,
          '-c',
          'listen_addresses=127.0.0.1',
          '-c',
          'fsync=off',
          '-c',
          'full_page_writes=off',
        ],
        { stdio: 'ignore' },
      );
      exited = new Promise((resolve) => child!.on('exit', () => resolve()));
      const deadline = Date.now() + 20_000;
      for (;;) {
        const client = new pg.Client({ connectionString: url });
        try {
          await client.connect();
          await client.end();
          return;
        } catch {
          await client.end().catch(() => {});
          if (Date.now() > deadline) throw new Error('private PostgreSQL did not start');
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    },
    /** Fast shutdown, as `pg_ctl restart -m fast` does: sessions are cut, new ones refused. */
    async stop() {
      spawnSync('runuser', [
        '-u',
        'postgres',
        '--',
        `${BIN}/pg_ctl`,
        '-D',
        data,
        '-m',
        'fast',
        'stop',
      ]);
      await exited;
    },
    async destroy() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
