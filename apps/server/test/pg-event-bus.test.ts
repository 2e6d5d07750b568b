import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgEventBus } from '../src/realtime/pg-event-bus';
import { createTestDatabase, type TestDatabase } from './support/test-database';

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL LISTEN/NOTIFY bus', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  const buses: PgEventBus[] = [];
  const notifies: { instance: string; payload: string }[] = [];
  const errors: string[] = [];

  async function bus(instanceId: string) {
    const b = new PgEventBus({
      instanceId,
      connect: async () => {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        return client;
      },
      notify: (channel, payload) => {
        notifies.push({ instance: instanceId, payload });
        return pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      onError: (_err, what) => errors.push(`${instanceId}: ${what}`),
    });
    await b.start();
    buses.push(b);
    return b;
  }

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    pool = new pg.Pool({ connectionString: database.url, max: 4 });
    // As the app's pool does: an idle client the server terminates (a forced drop of a test
    // database, a killed backend) must not be an uncaught exception that fails the whole run.
    pool.on('error', () => {});
  });
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
    await pool.end();
    await database.drop();
  });

  // Events of one instance reach the others in the order they were published: a DISPLAY sent
  // after another must not overtake it on its way to the scale's instance, although the NOTIFYs
  // go out on different pool connections (here: the first one held up for a moment).
  it("delivers one instance's events to the others in publishing order", async () => {
    let calls = 0;
    const slowFirst = new PgEventBus({
      instanceId: 'order-a',
      connect: async () => {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        return client;
      },
      notify: async (channel, payload) => {
        calls += 1;
        if (calls === 1) await delay(150);
        return pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      onError: (_err, what) => errors.push(`order-a: ${what}`),
    });
    await slowFirst.start();
    buses.push(slowFirst);
    const b = await bus('order-b');
    const heard: number[] = [];
    b.subscribe('watch.revoked', ({ gameId }) => heard.push(gameId));
    for (let id = 1; id <= 5; id += 1) slowFirst.publish('watch.revoked', { gameId: id });
    await expect.poll(() => heard.length).toBe(5);
    expect(heard).toEqual([1, 2, 3, 4, 5]);
  });

  it('delivers locally at once and to the other instance once, never echoing back', async () => {
    const a = await bus('a1');
    const b = await bus('b1');
    const heardA: number[] = [];
    const heardB: number[] = [];
    a.subscribe('watch.revoked', ({ gameId }) => heardA.push(gameId));
    b.subscribe('watch.revoked', ({ gameId }) => heardB.push(gameId));
    a.publish('watch.revoked', { gameId: 7 });
    expect(heardA).toEqual([7]);
    await expect.poll(() => heardB).toEqual([7]);
    // One channel delivers in order: once B's next event reached A, an echo of A's would have.
    b.publish('watch.revoked', { gameId: 8 });
    await expect.poll(() => heardA).toEqual([7, 8]);
    expect(heardB).toEqual([7, 8]);
  });

  it('batches live weight: the newest sample per scale, one NOTIFY per 100 ms', async () => {
    const a = await bus('a2');
    const b = await bus('b2');
    const heard: { mac: string; grams: number }[] = [];
    b.subscribe('scale.sample', ({ mac, grams }) => heard.push({ mac, grams }));
    const before = notifies.filter((n) => n.instance === 'a2').length;
    for (let i = 0; i < 30; i += 1) {
      for (const mac of ['AAAAAAAAAAA1', 'AAAAAAAAAAA2', 'AAAAAAAAAAA3']) {
        a.publish('scale.sample', { mac, grams: i, stable: false, ts: i });
      }
    }
    await expect.poll(() => heard.length).toBe(3);
    // Past two batching periods: a second NOTIFY would have gone out by now.
    await delay(200);
    expect(heard.sort((x, y) => x.mac.localeCompare(y.mac))).toEqual([
      { mac: 'AAAAAAAAAAA1', grams: 29 },
      { mac: 'AAAAAAAAAAA2', grams: 29 },
      { mac: 'AAAAAAAAAAA3', grams: 29 },
    ]);
    expect(notifies.filter((n) => n.instance === 'a2').length - before).toBe(1);
  });

  it('keeps every NOTIFY under 8000 bytes, splitting big batches and refusing oversized events', async () => {
    const a = await bus('a3');
    const b = await bus('b3');
    let heard = 0;
    b.subscribe('scale.sample', () => (heard += 1));
    for (let i = 0; i < 400; i += 1) {
      a.publish('scale.sample', {
        mac: `BB${String(i).padStart(10, '0')}`,
        grams: i,
        stable: true,
        ts: i,
      });
    }
    await expect.poll(() => heard).toBe(400);
    expect(notifies.filter((n) => n.instance === 'a3').every((n) => n.payload.length < 8000)).toBe(
      true,
    );
    const local: string[] = [];
    a.subscribe('device.nack', ({ command }) => local.push(command));
    a.publish('device.nack', { mac: 'BB0000000000', command: 'DISPLAY', error: 'x'.repeat(9000) });
    expect(local).toEqual(['DISPLAY']);
    expect(errors).toContain('a3: publish');
  });

  it('reconnects its listening connection after the server drops it', async () => {
    const a = await bus('a4');
    const b = await bus('b4');
    const heard: number[] = [];
    b.subscribe('watch.revoked', ({ gameId }) => heard.push(gameId));
    await pool.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN beerscale_events' and pid <> pg_backend_pid()",
    );
    // The drop may be noticed and mended before a poll sees it: not seeing it is no failure.
    await expect
      .poll(() => a.listening && b.listening, { timeout: 5000 })
      .toBe(false)
      .catch(() => {});
    await expect.poll(() => a.listening && b.listening).toBe(true);
    a.publish('watch.revoked', { gameId: 42 });
    await expect.poll(() => heard).toContain(42);
    expect(errors.some((e) => e.includes('listen connection lost'))).toBe(true);
  });
});
