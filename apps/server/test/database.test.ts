import { sql } from 'kysely';
import { expect, it } from 'vitest';
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
