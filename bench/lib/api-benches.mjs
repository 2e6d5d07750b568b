// The REST benchmarks: sign-ins (slow by design: argon2id), then the reads a busy evening
// makes most — the leaderboard, a long-time player's home, a game's state, the player search —
// each against the same load generator as the bare node:http baseline.
import { runLoad } from './http-load.mjs';

/**
 * Signs in `usernames` (each once) under load, keeping every token.
 * @returns {Promise<{ stats: any, tokens: Map<string, string> }>}
 */
export async function runLogins({ url, usernames, password, concurrency = 20 }) {
  const tokens = new Map();
  const stats = await runLoad({
    url,
    concurrency: Math.min(concurrency, usernames.length),
    requests: usernames.length,
    request: (i) => ({
      method: 'POST',
      path: '/api/login',
      body: JSON.stringify({ username: usernames[i], password }),
    }),
    onResponse: (res, i) => {
      if (res.status === 200) tokens.set(usernames[i], JSON.parse(res.body.toString()).token);
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
  return [
    {
      id: 'leaderboard',
      name: 'GET /api/leaderboard?includeStatus=true&limit=50',
      path: () => '/api/leaderboard?includeStatus=true&limit=50',
      check: (body) => Array.isArray(body) && body.length > 0,
    },
    {
      id: 'home',
      name: `GET /api/home (${facts.heavy.username}, ${facts.heavy.games} games)`,
      path: () => '/api/home',
      check: (body) => body.stats?.games_played === facts.heavy.games,
    },
    {
      id: 'state',
      name: `GET /api/games/{id}/state (finished ranked game)`,
      path: () => `/api/games/${gameId}/state`,
      check: (body) => body.game?.id === gameId,
    },
    {
      id: 'search',
      name: `GET /api/users?search=…&limit=5 (${facts.searches.join(', ')})`,
      path: (i) =>
        `/api/users?search=${encodeURIComponent(facts.searches[i % facts.searches.length])}&limit=5`,
      check: (body) => Array.isArray(body) && body.length > 0,
    },
  ];
}

/**
 * Runs each read benchmark with the heavy player's token.
 * @returns {Promise<Record<string, any>>} stats per benchmark id, with the reply's size
 */
export async function runReads({ url, token, facts, load, only }) {
  const headers = { authorization: `Bearer ${token}` };
  const results = {};
  for (const bench of readBenches(facts)) {
    if (only && !only.includes(bench.id)) continue;
    const res = await fetch(`${url}${bench.path(0)}`, { headers });
    const text = await res.text();
    if (!res.ok || !bench.check(JSON.parse(text))) {
      throw new Error(`${bench.name} answered ${res.status}: ${text.slice(0, 200)}`);
    }
    const stats = await runLoad({
      url,
      ...load,
      request: (i) => ({ path: bench.path(i), headers }),
    });
    results[bench.id] = { ...stats, name: bench.name, replyBytes: Buffer.byteLength(text) };
  }
  return results;
}
