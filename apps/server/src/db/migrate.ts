import { Migrator, sql } from 'kysely';
import type { Migration, MigrationProvider, MigrationResultSet } from 'kysely';
import type { DatabaseHandle } from './database';
import { initialMigration } from './migrations/0001-initial';
import { scaleConnectionMigration } from './migrations/0002-scale-connection';
import { presenceClaimsMigration } from './migrations/0003-presence-claims';
import { queryIndexesMigration } from './migrations/0004-query-indexes';
import { oneRunningGamePerScaleMigration } from './migrations/0005-one-running-game-per-scale';
import { scaleRegistrationsMigration } from './migrations/0006-scale-registrations';
import { recentGamesMigration } from './migrations/0007-recent-games';
import { watchLinksMigration } from './migrations/0011-watch-links';
import { userLanguageMigration } from './migrations/0012-user-language';
import { scaleRegistrationsByUserMigration } from './migrations/0013-scale-registrations-by-user';
import { usersOnlineMigration } from './migrations/0014-users-online';
import { scaleBridgedMigration } from './migrations/0015-scale-bridged';
import { houseRulesMigration } from './migrations/0016-house-rules';
import { accountsMigration } from './migrations/0020-accounts';
import { readingProvenanceMigration } from './migrations/0024-reading-provenance';
import { ratingRulesMigration } from './migrations/0025-rating-rules';
import { invitesByInviterMigration } from './migrations/0026-invites-by-inviter';
import { scaleWifiFailedMigration } from './migrations/0028-scale-wifi-failed';
import { watchFollowsMigration } from './migrations/0050-watch-follows';
import { groupTableVersionMigration } from './migrations/0051-group-table-version';
import { measurementsByTimeMigration } from './migrations/0052-measurements-by-time';
import { drinksMigration } from './migrations/0040-drinks';
import { joinCodesMigration } from './migrations/0035-join-codes';
import { seatsMigration } from './migrations/0036-seats';
import { groupsMigration } from './migrations/0030-groups';
import { tournamentsMigration } from './migrations/0031-tournaments';
import { standInEstimatesMigration } from './migrations/0045-stand-in-estimates';
import { teammatesUnpairedMigration } from './migrations/0046-teammates-unpaired';

class StaticMigrations implements MigrationProvider {
  constructor(private readonly migrations: Record<string, Migration>) {}
  async getMigrations() {
    return this.migrations;
  }
}

function migrator(handle: DatabaseHandle): Migrator {
  // Names sort in order of application; the dialect decides the id column types.
  return new Migrator({
    db: handle.db,
    provider: new StaticMigrations({
      '0001-initial': initialMigration(handle.dialect),
      '0002-scale-connection': scaleConnectionMigration,
      '0003-presence-claims': presenceClaimsMigration,
      '0004-query-indexes': queryIndexesMigration(handle.dialect),
      '0005-one-running-game-per-scale': oneRunningGamePerScaleMigration,
      '0006-scale-registrations': scaleRegistrationsMigration,
      '0007-recent-games': recentGamesMigration,
      '0011-watch-links': watchLinksMigration,
      '0012-user-language': userLanguageMigration,
      '0013-scale-registrations-by-user': scaleRegistrationsByUserMigration,
      '0014-users-online': usersOnlineMigration,
      '0015-scale-bridged': scaleBridgedMigration,
      '0016-house-rules': houseRulesMigration,
      '0020-accounts': accountsMigration,
      '0024-reading-provenance': readingProvenanceMigration,
      '0025-rating-rules': ratingRulesMigration,
      '0026-invites-by-inviter': invitesByInviterMigration,
      '0028-scale-wifi-failed': scaleWifiFailedMigration,
      '0050-watch-follows': watchFollowsMigration,
      '0051-group-table-version': groupTableVersionMigration(handle.dialect),
      '0040-drinks': drinksMigration,
      '0035-join-codes': joinCodesMigration,
      '0036-seats': seatsMigration,
      '0030-groups': groupsMigration(handle.dialect),
      '0031-tournaments': tournamentsMigration(handle.dialect),
      '0045-stand-in-estimates': standInEstimatesMigration,
      '0046-teammates-unpaired': teammatesUnpairedMigration,
      '0052-measurements-by-time': measurementsByTimeMigration,
    }),
  });
}

function check(result: MigrationResultSet): void {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(result.error)}`);
  }
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  check(await migrator(handle).migrateToLatest());
  if (handle.dialect === 'sqlite') await dropValueSamples(handle);
}

/**
 * The planner statistics `analyze` wrote (migrations, the seeders) without its samples of
 * column values (sqlite_stat4; sqlite_stat1's counts stay). better-sqlite3 builds SQLite with
 * STAT4, and with samples a statement whose plan looked at a bound value is compiled again
 * each time a value is bound to it, which is every time it runs: the statement cache
 * (database.ts) then saved nothing, and compiling was a quarter of a group table's read and a
 * session check's (docs/PERFORMANCE.md). The app's queries are all on indexes whose counts
 * alone choose the plan. Run on every start, after migrating, so a seeded or older database
 * is treated too; `analyze sqlite_schema` makes the open connection read the statistics again.
 */
async function dropValueSamples(handle: DatabaseHandle): Promise<void> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*) as n from sqlite_schema where name = 'sqlite_stat4'`.execute(handle.db);
  if (!rows[0]?.n) return;
  await sql`delete from sqlite_stat4`.execute(handle.db);
  await sql`analyze sqlite_schema`.execute(handle.db);
}

/** Reverts every migration after `name` (tests of one migration's data step). */
export async function migrateTo(handle: DatabaseHandle, name: string): Promise<void> {
  check(await migrator(handle).migrateTo(name));
}
