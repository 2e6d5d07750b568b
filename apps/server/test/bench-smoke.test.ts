import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

// `npm run seed` and `npm run bench` on a tiny database: that they run and say what they should,
// never how fast (budgets, docs/PERFORMANCE.md, are measured by the bench, not asserted by tests).

const root = fileURLToPath(new URL('../../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'beerscale-bench-smoke-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function seed(file: string, ...args: string[]) {
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/seed/seed-cli.ts', ...args],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: `sqlite:${file}` },
      encoding: 'utf8',
    },
  );
}

describe('npm run seed', () => {
  const file = join(dir, 'seeded.db');

  it('fills an empty database with the rows it announces', () => {
    const run = seed(file, '--users', '50', '--games', '20');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('seed-pass');
    const db = new Database(file, { readonly: true });
    const count = (table: string) =>
      (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    try {
      expect(count('users')).toBe(50);
      expect(count('games')).toBe(20);
      expect(count('game_players')).toBeGreaterThanOrEqual(40);
      expect(count('measurements')).toBeGreaterThan(count('game_players'));
      expect(count('elo_history')).toBeGreaterThan(0);
      const heavy = db
        .prepare("select games_played from users where username_key = 'seed-heavy'")
        .get() as { games_played: number };
      expect(heavy.games_played).toBe(10);
      // users.current_elo is the last point of each rating history.
      const drift = db
        .prepare(
          `select count(*) as n from users u where ranked_games_played > 0 and current_elo !=
             (select elo_after from elo_history h where h.user_id = u.id
              order by recorded_at desc, id desc limit 1)`,
        )
        .get() as { n: number };
      expect(drift.n).toBe(0);
    } finally {
      db.close();
    }
  });

  it('refuses a database that is not empty, with a message and a failing exit code', () => {
    const again = seed(file, '--users', '50', '--games', '20');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('Refusing to seed: the database already has 50 users');
  });

  it('explains its options when one is missing', () => {
    const run = seed(join(dir, 'never.db'), '--users', '50');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Usage: npm run seed');
  });
});

describe('npm run bench (tiny)', () => {
  it('measures every benchmark of docs/PERFORMANCE.md and reports each with its budget', async () => {
    // A stand-in for the built web app, so the smoke run needs no Vite build.
    const dist = join(dir, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><script type="module" crossorigin src="/assets/index-a1.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/vendor-b2.js">',
    );
    // The entry holds the landing's texts, as the real build does (landing-js looks for them).
    writeFileSync(
      join(dist, 'assets', 'index-a1.js'),
      'import"./vendor-b2.js";import("./x.js");const t={"landing.headline":"Beer"};',
    );
    writeFileSync(join(dist, 'assets', 'vendor-b2.js'), 'export const v = 1;');
    writeFileSync(join(dist, 'assets', 'landing-c3.js'), 'import{v}from"./vendor-b2.js";');

    const suitePath = join(root, 'bench/lib/sqlite-suite.mjs');
    const { runSqliteSuite } = await import(/* @vite-ignore */ suitePath);
    const result = await runSqliteSuite({
      users: 60,
      games: 20,
      seconds: 0.3,
      warmupSeconds: 0.1,
      concurrency: 4,
      rounds: 1,
      startups: 1,
      sockets: 6,
      scales: 2,
      viewersPerScale: 1,
      relaySeconds: 0.5,
      relayWarmupSeconds: 0.3,
      socketSettleSeconds: 0.2,
      cardRequests: 4,
      groupGames: 30,
      build: false,
      dist,
      log: () => {},
    });

    const rows = new Map(result.rows.map((r: any) => [r.id, r]));
    expect([...rows.keys()]).toEqual([
      'baseline',
      'generator',
      'health',
      'health-warn',
      'auth',
      'leaderboard',
      'leaderboard-warn',
      'leaderboard-gzip',
      'group-leaderboard',
      'home',
      'home-warn',
      'state',
      'search',
      'login',
      'relay',
      'card-burst',
      'startup',
      'memory',
      'landing-js',
    ]);
    const reads = [
      'health',
      'health-warn',
      'auth',
      'leaderboard',
      'leaderboard-warn',
      'group-leaderboard',
      'home',
      'home-warn',
      'state',
      'search',
      'login',
    ];
    for (const id of ['baseline', ...reads]) {
      const row: any = rows.get(id);
      expect(row.rps, id).toBeGreaterThan(0);
      expect(Number.isFinite(row.p50) && Number.isFinite(row.p99), id).toBe(true);
      expect(row.ratio, id).toBeGreaterThan(0);
      expect(row.baseRps, id).toBeGreaterThan(0);
    }
    // The framework floor is printed beside every REST figure.
    for (const id of reads)
      expect((rows.get(id) as any).floor, id).toBe((rows.get('health') as any).ratio);
    for (const id of [
      'health',
      'leaderboard',
      'group-leaderboard',
      'home',
      'relay',
      'card-burst',
      'startup',
      'memory',
      'landing-js',
    ]) {
      const budget = (rows.get(id) as any).budget;
      expect(typeof budget.pass, id).toBe('boolean');
      expect(budget.text, id).not.toBe('');
      if (!budget.pass) expect(budget.miss, id).not.toBe('');
    }
    // wrk and the baseline both used CPU: the generator row compares them.
    expect((rows.get('generator') as any).value).toBeGreaterThan(0);
    expect((rows.get('relay') as any).p99).toBeGreaterThanOrEqual(0);
    expect((rows.get('memory') as any).value).toBeGreaterThan(0);
    // Every card request was answered with the card, and /api/health was asked meanwhile.
    expect(result.meta.cards.statuses).toEqual({ 200: 4 });
    expect(result.meta.cards.samples).toBeGreaterThan(0);
    // The entry, its modulepreload and the landing chunk; not what is loaded later.
    expect(result.meta.landing.files.map((f: any) => f.path).sort()).toEqual([
      '/assets/index-a1.js',
      '/assets/landing-c3.js',
      '/assets/vendor-b2.js',
    ]);
    expect(result.meta.memory.sockets).toBe(6);
    // A socket closed or a frame lost is a measurement that did not happen: a MISS, not a figure.
    expect((rows.get('memory') as any).budget.text).toContain('open ≥ 6 sockets');
    expect((rows.get('relay') as any).budget.text).toContain('delivered ≥ 99 %');
  }, 120_000);
});
