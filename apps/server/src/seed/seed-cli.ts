// `npm run seed -- --users N --games M [--seed S] [--heavy-games H] [--manifest file.json]`:
// fills the configured, empty database (DATABASE_URL, as the server reads it) with players,
// finished fast and ranked games, measurements and rating histories. Every account's password
// is `seed-pass`; `seed-heavy` has played 1,000 games, `seed-admin` is an administrator.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { hashPassword } from '../auth/password';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { buildSeedPlan, SEED_PASSWORD } from './seed-plan';
import { assertEmpty, writeSeedPlan } from './seed-writer';

const USAGE =
  'Usage: npm run seed -- --users N --games M [--seed S] [--heavy-games H] [--manifest file.json]';

class UsageError extends Error {}

function count(value: string | undefined, name: string, fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback;
  const n = Number(value);
  if (value === undefined || !Number.isInteger(n) || n < 0) {
    throw new UsageError(`--${name} must be a whole number. ${USAGE}`);
  }
  return n;
}

async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      users: { type: 'string' },
      games: { type: 'string' },
      seed: { type: 'string' },
      'heavy-games': { type: 'string' },
      manifest: { type: 'string' },
    },
    strict: true,
  });
  const users = count(values.users, 'users');
  const games = count(values.games, 'games');
  if (users < 3) throw new UsageError(`--users must be at least 3. ${USAGE}`);
  const seed = count(values.seed, 'seed', 1);
  const heavyGames = count(values['heavy-games'], 'heavy-games', 1_000);

  const { databaseUrl } = loadConfig();
  const handle = openDatabase(databaseUrl);
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  try {
    await migrateToLatest(handle);
    // Before the minute of planning; the writer checks again inside its transaction.
    await assertEmpty(handle.db);
    const passwordHash = await hashPassword(SEED_PASSWORD);
    const plan = buildSeedPlan({ users, games, seed, heavyGames, passwordHash, now: new Date() });
    console.log(`planned ${users} users and ${games} games in ${elapsed()}`);
    const counts = await writeSeedPlan(handle, plan, (table, rows) =>
      console.log(`  ${table}: ${rows} rows (${elapsed()})`),
    );
    if (values.manifest) writeFileSync(values.manifest, JSON.stringify(plan.facts, null, 2));
    const summary = Object.entries(counts)
      .map(([table, n]) => `${n} ${table}`)
      .join(', ');
    console.log(`Seeded ${databaseUrl.replace(/\/\/[^@/]*@/, '//')} in ${elapsed()}: ${summary}.`);
    console.log(
      `Every account's password is "${SEED_PASSWORD}"; ${plan.facts.heavy.username} has ` +
        `${plan.facts.heavy.games} games, ${plan.facts.admin} is an administrator.`,
    );
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(err instanceof UsageError || err instanceof TypeError ? 2 : 1);
});
