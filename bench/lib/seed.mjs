// Seeds a database through the real seeder (`npm run seed`'s entry) and reads back its
// manifest: who the heavy player is, which accounts own scales, which prefixes find players.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { root } from './spawn-server.mjs';

/** @returns {Promise<{ ms: number, facts: any, output: string }>} */
export function seedDatabase(databaseUrl, users, games, manifest) {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/seed/seed-cli.ts',
      '--users',
      String(users),
      '--games',
      String(games),
      '--manifest',
      manifest,
    ],
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
      if (code !== 0) reject(new Error(`seeding failed (${code}):\n${output}`));
      else
        resolve({
          ms: performance.now() - started,
          facts: JSON.parse(readFileSync(manifest, 'utf8')),
          output,
        });
    });
  });
}
