// The group at scale (issue #41 item 5; docs/PERFORMANCE.md, groups): one group of 50 members
// (40 accounts, seed-heavy its captain, and 10 guests) with 10,000 completed group games, written
// into a database `npm run seed` filled, through the groups' own seeder (group-seed-cli.ts).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { root } from './spawn-server.mjs';

function groupSeedCli(databaseUrl, args) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/groups/group-seed-cli.ts', ...args],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`group seeding failed (${code}):\n${output}`));
      else resolve(output);
    });
  });
}

/** @returns {Promise<{ ms: number, facts: { groupId: number, members: number, games: number, seasons: number } }>} */
export async function seedGroup(databaseUrl, games, manifest) {
  const started = performance.now();
  await groupSeedCli(databaseUrl, ['--games', String(games), '--manifest', manifest]);
  return { ms: performance.now() - started, facts: JSON.parse(readFileSync(manifest, 'utf8')) };
}

/** Completes one more game of the group (written as a completed group fast game). */
export async function completeGroupGame(databaseUrl, groupId) {
  return JSON.parse(await groupSeedCli(databaseUrl, ['--append', '1', '--group', String(groupId)]));
}

/** The group's reads the bench measures; each reply's check says it is the big group's. */
export function groupReads(facts) {
  const base = `/api/groups/${facts.groupId}`;
  return [
    {
      id: 'group-leaderboard',
      name: `GET /api/groups/{id}/leaderboard?season=${facts.seasons} (${facts.members} members, ${facts.games.toLocaleString('en-US')} games; warm)`,
      path: `${base}/leaderboard?season=${facts.seasons}`,
      check: (body) => Array.isArray(body.rows) && body.rows.length > 0,
    },
    {
      id: 'group-leaderboard-all',
      name: 'the same, ?season=all',
      path: `${base}/leaderboard?season=all`,
      check: (body) => Array.isArray(body.rows) && body.rows.length > 0,
    },
    {
      id: 'group-detail',
      name: 'GET /api/groups/{id}',
      path: base,
      check: (body) => body.id === facts.groupId,
    },
    {
      id: 'group-records',
      name: 'GET /api/groups/{id}/records',
      path: `${base}/records`,
      check: (body) => Array.isArray(body.records) && body.records.length > 0,
    },
  ];
}
