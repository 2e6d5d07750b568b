// `npm run bench`: the budgets of docs/PERFORMANCE.md measured on this machine, each as a ratio to a bare
// node:http server in the same run. Options:
//   --quick                 small seed and short runs (about a minute)
//   --users N --games M     seed size (default 100,000 and 20,000)
//   --seconds S             per REST benchmark (default 10, after 2 s of warm-up)
//   --no-build              measure the web app already in apps/web/dist
//   --postgres [--instances N]  PostgreSQL with 1 and N instances behind nginx instead
//   --write                 put the figures into docs/PERFORMANCE.md
// Environment: BENCH_QUICK=1 is --quick; TEST_DATABASE_URL or BENCH_POSTGRES_URL names the
// PostgreSQL server for --postgres (a fresh database is created on it and dropped after).
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { formatTable, markdownTable, writeSection } from './lib/report.mjs';
import { QUICK, runSqliteSuite } from './lib/sqlite-suite.mjs';
import { runPostgresSuite } from './lib/postgres-suite.mjs';
import { root } from './lib/spawn-server.mjs';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: process.env.BENCH_QUICK === '1' },
    users: { type: 'string' },
    games: { type: 'string' },
    seconds: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    postgres: { type: 'boolean', default: false },
    instances: { type: 'string', default: '2' },
    write: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
  strict: true,
});

const options = {
  ...(values.quick ? QUICK : {}),
  ...(values.users ? { users: Number(values.users) } : {}),
  ...(values.games ? { games: Number(values.games) } : {}),
  ...(values.seconds ? { seconds: Number(values.seconds) } : {}),
  ...(values['no-build'] ? { build: false } : {}),
};

const started = Date.now();
const result = values.postgres
  ? await runPostgresSuite({
      ...options,
      instances: Number(values.instances),
      databaseUrl:
        process.env.BENCH_POSTGRES_URL ??
        process.env.TEST_DATABASE_URL ??
        'postgres://postgres@127.0.0.1:5432/test',
    })
  : await runSqliteSuite(options);

const machine = `${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version.slice(1)}`;
const shown = [];
for (let i = 2; i < process.argv.length; i += 1) {
  if (process.argv[i] === '--write') continue;
  if (process.argv[i] === '--json') i += 1;
  else shown.push(process.argv[i]);
}
const command = `npm run bench${shown.length ? ` -- ${shown.join(' ')}` : ''}`;
const date = new Date().toISOString().slice(0, 10);
const m = result.meta;
const header = [
  `${date}, ${machine}; \`${command}\` took ${Math.round((Date.now() - started) / 1000)} s.`,
  `${values.postgres ? 'PostgreSQL' : 'SQLite'}, seeded with ${m.users.toLocaleString('en-US')} players and ${m.games.toLocaleString('en-US')} finished games in ${(m.seedMs / 1000).toFixed(1)} s (\`npm run seed\`).`,
  `Load: wrk (one thread), ${m.concurrency} keep-alive connections, ${m.seconds} s per REST benchmark; the server, the baseline and the load generator share the machine.`,
].join('\n');

console.log(`\n${header}\n`);
console.log(formatTable(result.rows));
const misses = result.rows.filter((r) => r.budget && !r.budget.pass);
console.log(
  misses.length === 0
    ? '\nEvery budget met.'
    : `\n${misses.length} budget(s) missed: ${misses.map((r) => r.id).join(', ')}`,
);
if (values.json) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(values.json, JSON.stringify({ header, ...result }, null, 2));
}
if (values.write) {
  const file = new URL('docs/PERFORMANCE.md', root).pathname;
  writeSection(
    file,
    values.postgres ? 'postgres' : 'sqlite',
    `${header}\n\n${markdownTable(result.rows)}`,
  );
  console.log(`\nwritten to docs/PERFORMANCE.md`);
}
process.exit(0);
