import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDevice, type RawDevice } from './support/device-socket';
import { httpClient, type HttpCall } from './support/http-client';
import { adminToken, pairRawDevice } from './support/pairing';
import { startTestServer, type TestServer } from './support/test-server';
import { createAccount } from './support/factories';
import { macMaker } from './support/next-mac';

const nextMac = macMaker('DF');

// A scale reconnecting while its leader sets up a game: the set-up lands after the gateway read
// the scale's WELCOME and before the socket is registered, so the notifier, which only speaks to
// connected scales, drops the CONFIGURE. The scale must hear of the game all the same.
// PostgreSQL only: a second connection holds the scale's row so the admission waits in between,
// which SQLite's single writer cannot do without also holding the set-up.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a scale admitted while its game is set up', () => {
  let server: TestServer;
  let call: HttpCall;
  let admin: string;
  let blocker: pg.Client;
  const devices: RawDevice[] = [];

  beforeAll(async () => {
    server = await startTestServer('postgres');
    call = httpClient(server.baseUrl);
    admin = await adminToken(call, server.instance.database);
    blocker = new pg.Client({ connectionString: server.database.url });
    await blocker.connect();
  });
  afterAll(async () => {
    devices.forEach((d) => d.ws.close());
    await blocker.end();
    await server.stop();
  });

  /**
   * The gateway's claim of the scale's row waits for the blocker's lock: the only statement that
   * can, once the closed socket's release has landed. (Counted by its locks: pg_stat_activity
   * may still show a pooled connection's previous statement, idle, while it waits.)
   */
  async function admissionWaitsForTheRow() {
    const { rows } = await blocker.query('select pg_backend_pid() as pid');
    const waiting = async () =>
      (
        await blocker.query(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and $1 = any(pg_blocking_pids(pid))`,
          [rows[0].pid],
        )
      ).rows[0].n as number;
    await expect.poll(waiting, { timeout: 20_000 }).toBe(1);
  }

  it('is configured for the game set up while it was being let in', async () => {
    const mac = nextMac();
    const leader = await createAccount(server, { mac });
    const { device, key } = await pairRawDevice(server.wsUrl, call, admin, mac);
    device.ws.close();
    await device.closed;
    // The closed socket's release of the row has landed, so only the admission can wait for it.
    await expect
      .poll(async () => {
        const { rows } = await blocker.query('select connection_id from scales where mac = $1', [
          mac,
        ]);
        return rows[0].connection_id;
      })
      .toBeNull();

    await blocker.query('begin');
    await blocker.query('select 1 from scales where mac = $1 for update', [mac]);
    const again = await openDevice(server.wsUrl);
    devices.push(again);
    again.send({ type: 'HELLO', mac, key });
    await admissionWaitsForTheRow();

    const created = await call('POST', '/api/fast-game', {
      token: leader.token,
      body: { players: [leader.playerName, 'Bob'], scaleAddress: mac, containerType: 'BEER_CAN' },
    });
    expect(created.status).toBe(201);
    await blocker.query('commit');

    const welcome = await again.next('WELCOME');
    expect(welcome.game).toMatchObject({ gameId: created.body.gameId, started: false });
    expect(await again.next('CONFIGURE')).toMatchObject({
      gameId: created.body.gameId,
      containerType: 'BEER_CAN',
      players: [
        expect.objectContaining({ name: leader.playerName }),
        expect.objectContaining({ name: 'Bob' }),
      ],
    });
  });
});
