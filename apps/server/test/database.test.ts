import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate';
import { suiteDatabase } from './support/test-database';
import { describeEachDialect } from './support/each-dialect';

describeEachDialect('the database connection', ({ dialect }) => {
  const suite = suiteDatabase(dialect);

  it.runIf(dialect === 'sqlite')('writes ahead (WAL) and enforces foreign keys', async () => {
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(suite.handle.db);
    const keys = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(suite.handle.db);
    expect(mode.rows[0]?.journal_mode).toBe('wal');
    expect(keys.rows[0]?.foreign_keys).toBe(1);
  });

  // The memory lane reads at once (SyncReads): never what a transaction under way has written.
  it('reads at once on SQLite only, and not while a transaction is open', async () => {
    const { handle } = suite;
    if (dialect === 'postgres') {
      expect(handle.syncReads).toBeNull();
      return;
    }
    const reads = handle.syncReads!;
    await sql`create table at_once (x integer)`.execute(handle.db);
    expect(reads.first('select x from at_once where x = ?', [1])).toBeUndefined();
    await handle.db.transaction().execute(async (trx) => {
      await sql`insert into at_once (x) values (1)`.execute(trx);
      expect(reads.first('select x from at_once where x = ?', [1])).toBeNull();
    });
    expect(reads.first('select x from at_once where x = ?', [1])).toEqual({ x: 1 });
  });

  // With value samples (sqlite_stat4) SQLite compiles a statement again each time a value is
  // bound to a column it sampled, which defeats the statement cache on every query.
  it.runIf(dialect === 'sqlite')(
    'keeps the planner’s counts but not its value samples, which recompile statements',
    async () => {
      const db = suite.handle.db;
      await sql`create table sampled (x integer)`.execute(db);
      await sql`create index sampled_x on sampled (x)`.execute(db);
      await sql`insert into sampled (x)
        with recursive n(i) as (select 1 union all select i + 1 from n where i < 500)
        select i % 7 from n`.execute(db);
      await sql`analyze`.execute(db);
      const samples = () =>
        sql<{ n: number }>`select count(*) as n from sqlite_stat4`
          .execute(db)
          .then((r) => r.rows[0]!.n);
      expect(await samples()).toBeGreaterThan(0);

      await migrateToLatest(suite.handle);
      expect(await samples()).toBe(0);
      const counts = await sql<{
        n: number;
      }>`select count(*) as n from sqlite_stat1 where tbl = 'sampled'`.execute(db);
      expect(counts.rows[0]!.n).toBeGreaterThan(0);
      await sql`drop table sampled`.execute(db);
    },
  );

  it.runIf(dialect === 'postgres')(
    'plans for SSDs on every pooled connection, the first query included',
    async () => {
      // Concurrent queries open several connections at once: each must have the setting
      // from its start, with no query of its own racing the caller's (pg@9 refuses that).
      const replies = await Promise.all(
        Array.from({ length: 5 }, () =>
          sql<{ random_page_cost: string }>`show random_page_cost`.execute(suite.handle.db),
        ),
      );
      expect(replies.map((r) => r.rows[0]?.random_page_cost)).toEqual(Array(5).fill('1.1'));
    },
  );
});
