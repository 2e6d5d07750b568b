import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../src/db/database';

/**
 * Bookkeeping of the processes themselves (instance heartbeats, per-instance socket counts):
 * written on a timer and by every socket that opens, so not evidence of a request's effect.
 */
const VOLATILE_TABLES = new Set(['instances', 'presence_claims']);
/**
 * A session's last use, written by whatever request it makes every few minutes (refused ones
 * too): bookkeeping as well.
 */
const VOLATILE_COLUMNS: Record<string, readonly string[]> = { sessions: ['last_seen_at'] };

export interface Snapshot {
  hash: string;
  /** Rows per table, to say where a difference is. */
  tables: Record<string, string>;
}

/**
 * The content of every application table, ordered, hashed: two equal snapshots mean nothing was
 * written in between. Migration bookkeeping and the volatile tables above are left out.
 */
export async function snapshotDatabase(database: DatabaseHandle): Promise<Snapshot> {
  const { db } = database;
  const tables = (await db.introspection.getTables())
    .map((t) => t.name)
    .filter((name) => !name.startsWith('kysely_') && !VOLATILE_TABLES.has(name))
    .sort();
  const out: Record<string, string> = {};
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    const lines = rows.rows.map((row) =>
      JSON.stringify(
        Object.keys(row)
          .filter((k) => !VOLATILE_COLUMNS[table]?.includes(k))
          .sort()
          .map((k) => [k, normalise(row[k])]),
      ),
    );
    out[table] = lines.sort().join('\n');
  }
  const hash = createHash('sha256').update(JSON.stringify(out)).digest('hex');
  return { hash, tables: out };
}

/** Which tables differ between two snapshots, for a failure message. */
export function snapshotDiff(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...Object.keys(before.tables), ...Object.keys(after.tables)]);
  return [...names].filter((name) => before.tables[name] !== after.tables[name]);
}

function normalise(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (Buffer.isBuffer(value)) return value.toString('hex');
  return value;
}
