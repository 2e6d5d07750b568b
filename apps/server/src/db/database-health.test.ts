import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database';
import { DatabaseHealth, SELECT_ONE } from './database-health';

const WINDOW_MS = 1_000;

describe('DatabaseHealth on a real SQLite file', () => {
  let dir: string;
  let database: DatabaseHandle;
  let closed: boolean;
  let now: number;
  let pings: number;
  let health: DatabaseHealth;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'beerscale-health-'));
    database = openDatabase(`sqlite:${join(dir, 'health.db')}`);
    closed = false;
    now = 1_000_000;
    pings = 0;
    health = new DatabaseHealth(
      () => {
        pings += 1;
        return database.db.executeQuery(SELECT_ONE);
      },
      WINDOW_MS,
      () => now,
    );
  });
  afterEach(async () => {
    if (!closed) await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const fail = async () => {
    await database.close();
    closed = true;
  };

  it('asks the database, then trusts its answer for the window without asking again', async () => {
    expect(await health.isUp()).toBe(true);
    expect(pings).toBe(1);
    now += WINDOW_MS - 1;
    expect(health.isUp()).toBe(true);
    expect(pings).toBe(1);
  });

  it('says down once the window is over and the database fails, and stays down', async () => {
    expect(await health.isUp()).toBe(true);
    await fail();
    now += WINDOW_MS;
    expect(await health.isUp()).toBe(false);
    // A failure is never remembered: each later check asks again, and is refused again.
    expect(await health.isUp()).toBe(false);
    expect(pings).toBe(3);
  });

  it('asks again at once after forget(): a request that met the database down', async () => {
    expect(await health.isUp()).toBe(true);
    await fail();
    health.forget();
    expect(await health.isUp()).toBe(false);
  });

  it('does not trust a success that began before a forget()', async () => {
    const asking = health.isUp();
    health.forget();
    expect(await asking).toBe(true);
    await health.isUp();
    expect(pings).toBe(2);
  });

  it('shares one ping among the checks that arrive while it is under way', async () => {
    const answers = await Promise.all([health.isUp(), health.isUp(), health.isUp()]);
    expect(answers).toEqual([true, true, true]);
    expect(pings).toBe(1);
  });
});
