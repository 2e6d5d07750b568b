// The REST benchmarks: sign-ins (slow by design: argon2id), then the reads a busy evening
// makes most — the framework floor (/api/health, and verify-token as the cheapest authenticated
// read), the leaderboard, a long-time player's home, a game's state, the player search — each
// measured right after the bare node:http baseline answering that route's very bytes.
import { join } from 'node:path';
import { startBaseline } from './baseline-server.mjs';
import { runLoad } from './load.mjs';
import { freePort } from './spawn-server.mjs';
import { measureWithWrk } from './wrk.mjs';

/**
 * Signs in `usernames` (each once) under load, keeping every token.
 * @returns {Promise<{ stats: any, tokens: Map<string, string> }>}
 */
export async function runLogins({ url, usernames, password, concurrency = 20 }) {
  const tokens = new Map();
  const stats = await runLoad({
    url,
    concurrency,
    requests: usernames.length,
    request: (i) => ({
      method: 'POST',
      path: '/api/login',
      body: JSON.stringify({ username: usernames[i], password }),
    }),
    onResponse: (res, i) => {
      if (res.status === 200) tokens.set(usernames[i], JSON.parse(res.body).token);
    },
  });
  if (tokens.size !== usernames.length) {
    throw new Error(`only ${tokens.size} of ${usernames.length} sign-ins succeeded`);
  }
  return { stats, tokens };
}

export async function login(url, username, password) {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username} failed: ${res.status}`);
  return (await res.json()).token;
}

/** The read benchmarks, in a fixed order; each reply is checked once before it is measured. */
export function readBenches(facts) {
  const gameId = facts.heavy.lastRankedGameId;
  const searchPath = (i) =>
    `/api/users?search=${encodeURIComponent(facts.searches[i % facts.searches.length])}&limit=5`;
  return [
    {
      id: 'health',
      name: 'GET /api/health (the framework floor)',
      paths: ['/api/health'],
      check: (body) => body.status === 'ok',
    },
    {
      id: 'auth',
      name: 'GET /api/verify-token (cheapest authenticated read)',
      paths: ['/api/verify-token'],
      check: (body) => body.valid === true,
    },
    {
      id: 'leaderboard',
      name: 'GET /api/leaderboard?includeStatus=true&limit=50',
      paths: ['/api/leaderboard?includeStatus=true&limit=50'],
      check: (body) => Array.isArray(body) && body.length > 0,
    },
    {
      id: 'home',
      name: `GET /api/home (${facts.heavy.username}, ${facts.heavy.games} games)`,
      paths: ['/api/home'],
      check: (body) => body.stats?.games_played === facts.heavy.games,
    },
    {
      id: 'state',
      name: `GET /api/games/{id}/state (finished ranked game)`,
      paths: [`/api/games/${gameId}/state`],
      check: (body) => body.game?.id === gameId,
    },
    {
      id: 'search',
      name: `GET /api/users?search=…&limit=5 (${facts.searches.join(', ')})`,
      paths: facts.searches.map((_, i) => searchPath(i)),
      check: (body) => Array.isArray(body) && body.length > 0,
    },
  ];
}

/**
 * Starts the baseline with the bytes the server answers for every read (as the heavy player).
 * @returns {Promise<Awaited<ReturnType<typeof startBaseline>>>}
 */
export async function startReadBaseline({ serverUrl, token, facts, dir }) {
  return startBaseline({
    port: await freePort(),
    file: join(dir, 'baseline-replies.json'),
    serverUrl,
    paths: readBenches(facts).flatMap((b) => b.paths),
    headers: { authorization: `Bearer ${token}` },
  });
}

/** How many times each read and its baseline run, interleaved; the best of each counts. */
export const ROUNDS = 2;

/** The run with the most requests per second: the machine's noise only ever slows a run. */
const best = (runs) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));

/**
 * Runs each read benchmark with the heavy player's token, each after the baseline answering the
 * same bytes (unless `baselines` measured earlier are passed in), ROUNDS times interleaved;
 * the best run of each side is compared (one busy moment no longer decides a ratio). The load
 * comes from wrk, which uses a fraction of the CPU of the processes it measures (each run
 * records both shares: `generatorCpu`, `serverCpu`).
 * @param {{ url: string, token: string, facts: any, load: { concurrency: number,
 *   durationMs: number, warmupMs: number, rounds?: number }, baseline?: { url: string, pid: number },
 *   baselines?: Record<string, any>, serverPid?: number, only?: string[] }} options  only: the
 *   ids of the reads to run (all when unset)
 * @returns {Promise<Record<string, any>>} stats per benchmark id, with the reply's size and
 *   `baseline`, the bare node:http figures for the same bytes
 */
export async function runReads({ url, token, facts, load, baseline, baselines, serverPid, only }) {
  const headers = { authorization: `Bearer ${token}` };
  const results = {};
  for (const bench of readBenches(facts).filter((b) => !only || only.includes(b.id))) {
    const res = await fetch(`${url}${bench.paths[0]}`, { headers });
    const text = await res.text();
    if (!res.ok || !bench.check(JSON.parse(text))) {
      throw new Error(`${bench.name} answered ${res.status}: ${text.slice(0, 200)}`);
    }
    const { rounds: _rounds, ...timing } = load;
    const run = { paths: bench.paths, headers, ...timing };
    const baseRuns = [];
    const runs = [];
    for (let round = 0; round < (load.rounds ?? ROUNDS); round += 1) {
      if (!baselines) {
        baseRuns.push(await measureWithWrk({ ...run, url: baseline.url, serverPid: baseline.pid }));
      }
      runs.push(await measureWithWrk({ ...run, url, serverPid }));
    }
    const base = baselines?.[bench.id] ?? best(baseRuns);
    const stats = best(runs);
    results[bench.id] = {
      ...stats,
      name: bench.name,
      path: bench.paths[0],
      replyBytes: Buffer.byteLength(text),
      baseline: base,
      ratio: stats.rps / base.rps,
    };
  }
  return results;
}
