import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { WalCommits } from './wal-commits';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** The PostgreSQL pool, for the LISTEN connection of the event bus; null on SQLite. */
  pool: pg.Pool | null;
  /** Reads answered at once, on SQLite only (the memory lane's lookups); null on PostgreSQL. */
  syncReads: SyncReads | null;
  close(): Promise<void>;
}

/**
 * better-sqlite3 runs a statement synchronously, so on SQLite a repository can read one row
 * without a promise: what the memory lane (http/memory-lane.ts) needs for a lookup per request.
 */
export interface SyncReads {
  /**
   * The first row of `sql`, or undefined when there is none; null when it cannot be read now:
   * a transaction is open on the connection (Kysely holds it across awaits), whose writes are
   * not committed and might still be rolled back. Then ask through Kysely, which waits for it.
   */
  first<Row>(sql: string, parameters: readonly unknown[]): Row | undefined | null;
  /**
   * A number that moves whenever anyone (this connection, another process) commits to the
   * database, read without SQLite (db/wal-commits.ts): what first() answered after a count
   * holds while the count does. Null when it cannot be known (no WAL index: an in-memory
   * database) and while a transaction is open on the connection: then read.
   */
  commits(): number | null;
}

// COUNT(*) and other int8 results come back from pg as strings; all of ours fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/** Which database a Kysely instance (or transaction) talks to, for the rare dialect-aware query. */
export function dialectOf(db: Db): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export function sqlitePath(url: string): string {
  return url.replace(/^sqlite:(\/\/)?/, '');
}

/** How many compiled statements a SQLite connection keeps (the app runs a few dozen kinds). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query it runs, and better-sqlite3 compiles SQL on every prepare(): on
 * the hot paths (a session check per request) the compiling cost more than the query. The same
 * SQL text gets the same compiled statement back; the least recently used ones are dropped.
 * (Statements are run synchronously by the driver, so one is never in use twice at once.)
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      return statement;
    },
  };
}

/**
 * The database holds password hashes, sessions and secrets: only the server's user may read it.
 * A folder we create is 0700; the file is created 0600 before SQLite opens it, and SQLite gives
 * its -wal and -shm files the database file's mode. A file left readable by an older version
 * is narrowed too. (A folder that already existed is the operator's: it is left as it is.)
 */
function keepOwnerOnly(file: string): void {
  mkdirSync(dirname(resolve(file)), { recursive: true, mode: 0o700 });
  if (!existsSync(file)) writeFileSync(file, '', { mode: 0o600, flag: 'wx' });
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(path)) chmodSync(path, 0o600);
  }
}

export function openDatabase(url: string): DatabaseHandle {
  if (url.startsWith('sqlite:')) {
    const file = sqlitePath(url);
    if (file !== ':memory:') keepOwnerOnly(file);
    const sqlite = new SQLite(file);
    // WAL lets readers run while a game writes; NORMAL sync is durable across process crashes.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const statements = withStatementCache(sqlite);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
    const wal = file === ':memory:' ? null : new WalCommits(`${file}-shm`);
    const syncReads: SyncReads = {
      first: <Row>(sql: string, parameters: readonly unknown[]) =>
        sqlite.inTransaction
          ? null
          : (statements.prepare(sql).get(...parameters) as Row | undefined),
      commits: () => (wal && !sqlite.inTransaction ? wal.count() : null),
    };
    const close = async () => {
      wal?.close();
      await db.destroy();
    };
    return { db, dialect: 'sqlite', pool: null, syncReads, close };
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // Plan for SSDs, where an index probe costs little more than a sequential read: with the
    // default (4) PostgreSQL hashed every game to find a long-time player's ten recent ones,
    // three times slower than probing the index (docs/PERFORMANCE.md). A start-up parameter,
    // so no extra query races the connection's first one.
    options: '-c random_page_cost=1.1',
  });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', pool, syncReads: null, close: () => db.destroy() };
}
