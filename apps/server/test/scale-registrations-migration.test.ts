import { expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/db/migrate';
import { suiteDatabase } from './support/test-database';
import { describeEachDialect } from './support/each-dialect';

// Migration 0006 keeps every account that registered an address; the scales registered before
// it keep the one account `requested_by` remembered.
describeEachDialect('migration 0006 (scale registrations)', ({ dialect }) => {
  const suite = suiteDatabase(dialect);

  it('carries the first registrant of existing scales over, and goes down and up again', async () => {
    await migrateToLatest(suite.handle);
    await migrateTo(suite.handle, '0005-one-running-game-per-scale');
    const { db } = suite.handle;
    const user = await db
      .insertInto('users')
      .values({
        username: 'early.bird',
        username_key: 'early.bird',
        player_name: 'Early',
        password_hash: 'x',
        created_at: '2026-01-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('scales')
      .values([
        { mac: 'MIG000000001', requested_by: user.id, created_at: '2026-01-02T00:00:00.000Z' },
        { mac: 'MIG000000002', requested_by: null, created_at: '2026-01-03T00:00:00.000Z' },
      ])
      .execute();
    await migrateToLatest(suite.handle);
    expect(await db.selectFrom('scale_registrations').selectAll().execute()).toEqual([
      { mac: 'MIG000000001', user_id: user.id, created_at: '2026-01-02T00:00:00.000Z' },
    ]);
  });
});
