import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, sqlitePath, type DatabaseHandle, type SyncReads } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { GroupsRepository } from '../src/groups/groups.repository';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** Runs `statement` in a process of its own, as the admin CLI or a second instance would. */
function elsewhere(file: string, statement: string): void {
  const script = `const db = new (require('better-sqlite3'))(process.argv[1]);
db.pragma('busy_timeout = 5000'); db.exec(process.argv[2]); db.close();`;
  execFileSync(process.execPath, ['-e', script, file, statement], { cwd: serverDir });
}

// The memory lane keeps what it read from SQLite until the next commit (db/wal-commits.ts):
// the count must move for every commit, this process's or another's, and for nothing else.
describe('commits counted from the WAL index', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let file: string;
  let reads: SyncReads;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    handle = openDatabase(database.url);
    file = sqlitePath(database.url);
    reads = handle.syncReads!;
    await migrateToLatest(handle);
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  it('moves for a commit of this process and of another one, and stays for reads', async () => {
    await sql`create table counted (x integer)`.execute(handle.db);
    const start = reads.commits();
    expect(start).not.toBeNull();
    reads.first('select count(*) from counted', []);
    await sql`select * from counted`.execute(handle.db);
    expect(reads.commits()).toBe(start);

    await sql`insert into counted (x) values (1)`.execute(handle.db);
    const afterOwn = reads.commits()!;
    expect(afterOwn).toBeGreaterThan(start!);
    expect(reads.commits()).toBe(afterOwn);

    elsewhere(file, 'insert into counted (x) values (2)');
    const afterOther = reads.commits()!;
    expect(afterOther).toBeGreaterThan(afterOwn);
    expect(reads.first('select count(*) as n from counted', [])).toEqual({ n: 2 });

    // A read elsewhere commits nothing.
    elsewhere(file, 'select * from counted');
    expect(reads.commits()).toBe(afterOther);
  });

  it('is unknown while a transaction is open, and for a database in memory', async () => {
    await handle.db.transaction().execute(async (trx) => {
      await sql`insert into counted (x) values (3)`.execute(trx);
      expect(reads.commits()).toBeNull();
    });
    expect(reads.commits()).not.toBeNull();
    const memory = openDatabase('sqlite::memory:');
    try {
      expect(memory.syncReads!.commits()).toBeNull();
    } finally {
      await memory.close();
    }
  });

  // A group's table in the lane: its access read runs once between two commits, and a member
  // removed by another process is refused at the very next request.
  it('lets the group table’s access read run once between commits, and sees another’s', async () => {
    const now = '2026-12-03T20:00:00.000Z';
    const { db } = handle;
    const { id: userId } = await db
      .insertInto('users')
      .values({
        username: 'kept',
        username_key: 'kept',
        player_name: 'Kept',
        password_hash: 'x',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: groupId } = await db
      .insertInto('groups')
      .values({ name: 'Kept', emoji: null, created_at: now, last_setup: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('group_members')
      .values({
        group_id: groupId,
        user_id: userId,
        name: 'Kept',
        role: 'captain',
        joined_at: now,
        left_at: null,
      })
      .execute();

    let statements = 0;
    const counting: SyncReads = {
      first: (text, parameters) => {
        statements += 1;
        return reads.first(text, parameters);
      },
      commits: () => reads.commits(),
    };
    const repo = new GroupsRepository(db, counting);
    const first = repo.tableAccessNow(groupId, userId);
    expect(first).toMatchObject({ member: true });
    expect(repo.tableAccessNow(groupId, userId)).toEqual(first);
    expect(repo.tableAccessNow(groupId + 1, userId)).toBeUndefined();
    expect(repo.tableAccessNow(groupId + 1, userId)).toBeUndefined();
    expect(statements).toBe(2);

    elsewhere(file, `update group_members set left_at = '${now}' where user_id = ${userId}`);
    expect(repo.tableAccessNow(groupId, userId)).toMatchObject({ member: false });
    expect(statements).toBe(3);

    // Any commit forgets what was kept: the table's version moved with a new member.
    await db
      .insertInto('group_members')
      .values({
        group_id: groupId,
        user_id: null,
        name: 'Guest',
        role: 'guest',
        joined_at: now,
        left_at: null,
      })
      .execute();
    const moved = repo.tableAccessNow(groupId, userId)!;
    expect(moved.version).not.toBe(first!.version);
    expect(statements).toBe(4);
  });
});
