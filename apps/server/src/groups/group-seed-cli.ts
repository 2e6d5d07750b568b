// `node --import tsx apps/server/src/groups/group-seed-cli.ts --games 10000 [--accounts 40]
// [--guests 10] [--seasons 3] [--captain seed-heavy] [--manifest file.json]`: one big group on a
// database `npm run seed` filled (DATABASE_URL, as the server reads it); the captain and the
// first accounts by id join. `--append N --group ID` completes N more games of that group.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { appendGroupGames, seedGroup } from './group-seed';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '10000' },
    accounts: { type: 'string', default: '40' },
    guests: { type: 'string', default: '10' },
    seasons: { type: 'string', default: '3' },
    captain: { type: 'string', default: 'seed-heavy' },
    manifest: { type: 'string' },
    append: { type: 'string' },
    group: { type: 'string' },
  },
  strict: true,
});

const whole = (value: string | undefined, name: string, min = 0): number => {
  const n = Number(value);
  if (value === undefined || !Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number of at least ${min}`);
    process.exit(2);
  }
  return n;
};

const handle = openDatabase(loadConfig().databaseUrl);
try {
  if (values.append !== undefined) {
    const last = await appendGroupGames(
      handle,
      whole(values.group, 'group', 1),
      whole(values.append, 'append', 1),
    );
    console.log(JSON.stringify(last));
  } else {
    const captain = await handle.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', values.captain)
      .executeTakeFirst();
    if (!captain) throw new Error(`no account ${values.captain}: run npm run seed first`);
    const others = await handle.db
      .selectFrom('users')
      .select('id')
      .where('id', '!=', captain.id)
      .orderBy('id')
      .limit(Math.max(0, whole(values.accounts, 'accounts', 1) - 1))
      .execute();
    const started = performance.now();
    const facts = await seedGroup(handle, {
      userIds: [captain.id, ...others.map((u) => u.id)],
      guests: whole(values.guests, 'guests'),
      games: whole(values.games, 'games', 1),
      seasons: whole(values.seasons, 'seasons', 1),
    });
    if (values.manifest) writeFileSync(values.manifest, JSON.stringify(facts, null, 2));
    console.log(
      `Seeded group ${facts.groupId}: ${facts.members} members, ${facts.games} games, ` +
        `${facts.seasons} seasons in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
  }
} finally {
  await handle.close();
}
