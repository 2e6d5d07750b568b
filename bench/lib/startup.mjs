// Budget (docs/PERFORMANCE.md): ready within 1.5 s of start, with the web app already built. Starts the server
// a few times on the same (seeded, migrated) database: time from spawn until /api/health
// answers, which includes Node's start, tsx compiling the sources, migrations, the app's build.
import { startServer } from './spawn-server.mjs';

/**
 * @returns {Promise<{ samples: number[], medianMs: number, maxMs: number }>} and leaves the
 *   last server running for the other benchmarks (`server`).
 */
export async function measureStartup(databaseUrl, runs = 3, env = {}) {
  const samples = [];
  let server = null;
  for (let i = 0; i < runs; i += 1) {
    if (server) await server.stop();
    server = await startServer({ databaseUrl, env });
    samples.push(server.startupMs);
  }
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    samples,
    medianMs: sorted[Math.floor(sorted.length / 2)],
    maxMs: sorted[sorted.length - 1],
    server,
  };
}
