// Result cards must not slow the API: /api/health's latency while 32 requests for a running
// game's watch card arrive at once (the third penetration test's burst: 452 ms with the cards
// drawn on the event loop). The cards are drawn in a worker thread, once per state of the game.

/** Median of a list of numbers. */
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

async function call(url, method, path, token, body) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/** /api/health's latencies, one request after another, until `done` says stop. */
async function healthLatencies(url, done) {
  const samples = [];
  while (!done()) {
    const started = performance.now();
    const res = await fetch(`${url}/api/health`);
    await res.arrayBuffer();
    samples.push(performance.now() - started);
  }
  return samples;
}

/**
 * Starts a fast game as `token`'s player with a watch link, then measures /api/health's median
 * at rest (for `restMs`) and during `requests` concurrent requests for the game's watch card.
 * @returns {Promise<{ restMedianMs: number, burstMedianMs: number, burstMaxMs: number,
 *   samples: number, statuses: Record<string, number>, burstMs: number }>}
 */
export async function runCardBurst({ url, token, requests = 32, restMs = 2_000 }) {
  const me = await call(url, 'GET', '/api/verify-token', token);
  const created = await call(url, 'POST', '/api/fast-game', token, {
    players: [me.user.playerName, 'Bob', 'Cleo', 'Dana'],
    scaleAddress: 'BE4C0000CA4D',
    containerType: 'BEER_BOTTLE',
    rounds: 3,
  });
  const gameId = created.gameId;
  await call(url, 'POST', `/api/fast-game/${gameId}/start`, token, {});
  const link = await call(url, 'POST', `/api/games/${gameId}/watch-link`, token, {});

  let resting = true;
  const restTimer = setTimeout(() => (resting = false), restMs);
  const rest = await healthLatencies(url, () => !resting);
  clearTimeout(restTimer);

  let bursting = true;
  const started = performance.now();
  const cards = Promise.all(
    Array.from({ length: requests }, () =>
      fetch(`${url}/api/watch/${link.token}/card.png`).then(async (res) => {
        await res.arrayBuffer();
        return res.status;
      }),
    ),
  ).finally(() => (bursting = false));
  const during = await healthLatencies(url, () => !bursting);
  const statuses = {};
  for (const status of await cards) statuses[status] = (statuses[status] ?? 0) + 1;
  return {
    restMedianMs: median(rest),
    burstMedianMs: median(during),
    burstMaxMs: Math.max(...during),
    samples: during.length,
    statuses,
    burstMs: performance.now() - started,
  };
}
