// Device WEIGHT -> browser SCALE_DATA latency (budget, docs/PERFORMANCE.md: p99 under 30 ms with 200 scales at
// 10 Hz and 400 viewers). Every socket lives in this one process, so send and receive times
// are read from one clock: the send time rides in the grams.
import WebSocket from 'ws';
import { openSocket } from './memory.mjs';
import { summarize } from './load.mjs';

/** HELLO, PAIRING, the owner confirms the code, WELCOME: a device the server streams for. */
async function pairedDevice(url, wsBase, owner) {
  const ws = await openSocket(`${wsBase}/ws/device`);
  const next = (type) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} for ${owner.mac}`)), 10_000);
      const onMessage = (data) => {
        const m = JSON.parse(data.toString());
        if (m.type !== type) return;
        clearTimeout(timer);
        ws.off('message', onMessage);
        resolve(m);
      };
      ws.on('message', onMessage);
    });
  const pairing = next('PAIRING');
  ws.send(JSON.stringify({ type: 'HELLO', mac: owner.mac }));
  const { code } = await pairing;
  const welcome = next('WELCOME');
  const reply = await fetch(`${url}/api/scale-settings/scales/${owner.mac}/pair`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  if (!reply.ok) throw new Error(`pairing ${owner.mac}: ${reply.status} ${await reply.text()}`);
  await welcome;
  return ws;
}

/** The send time rides in the grams modulo this, offset by 1000 (under the protocol's cap). */
const WRAP_MS = 90_000;

/**
 * @param {{ url: string, owners: { token: string, mac: string }[], viewersPerScale?: number,
 *   seconds?: number, warmupSeconds?: number }} options  each owner's approved, never paired scale is simulated
 */
export async function runRelay({
  url,
  owners,
  viewersPerScale = 2,
  seconds = 10,
  warmupSeconds = 2,
}) {
  const wsBase = url.replace(/^http/, 'ws');
  const latencies = [];
  let measuring = false;

  const viewers = [];
  for (const owner of owners) {
    for (let v = 0; v < viewersPerScale; v += 1) {
      const ws = await openSocket(`${wsBase}/ws?token=${owner.token}`);
      ws.on('message', (data) => {
        const text = data.toString();
        if (!measuring || !text.includes('"SCALE_DATA"')) return;
        const m = JSON.parse(text);
        // Sent as (send time mod 90 s) + 1000: undo the offset and the wrap.
        latencies.push((performance.now() - (m.grams - 1000) + WRAP_MS) % WRAP_MS);
      });
      ws.send(JSON.stringify({ type: 'SELECT_SCALE', macAddress: owner.mac }));
      viewers.push(ws);
    }
  }
  // Each scale pairs as a real one does: it shows a code and its owner confirms it. One at a
  // time: the server lets only a few devices per address wait with a code.
  const devices = [];
  for (const owner of owners) devices.push(await pairedDevice(url, wsBase, owner));

  // 10 Hz per scale, the scales' phases spread over the 100 ms. The send time is offset so it
  // stays positive and below the protocol's cap on grams.
  const timers = [];
  devices.forEach((ws, i) => {
    timers.push(
      setTimeout(
        () => {
          timers.push(
            setInterval(() => {
              if (ws.readyState !== WebSocket.OPEN) return;
              ws.send(
                JSON.stringify({
                  type: 'WEIGHT',
                  grams: (performance.now() % WRAP_MS) + 1000,
                  stable: true,
                }),
              );
            }, 100),
          );
        },
        (i * 100) / owners.length,
      ),
    );
  });
  await new Promise((r) => setTimeout(r, warmupSeconds * 1000));
  measuring = true;
  await new Promise((r) => setTimeout(r, seconds * 1000));
  measuring = false;
  for (const t of timers) {
    clearTimeout(t);
    clearInterval(t);
  }
  for (const ws of [...viewers, ...devices]) ws.terminate();

  const valid = latencies;
  const expected = owners.length * 10 * viewersPerScale * seconds;
  const stats = summarize(valid, seconds * 1000);
  return {
    scales: owners.length,
    viewers: viewers.length,
    delivered: valid.length,
    deliveredShare: valid.length / Math.max(1, expected),
    p50: stats.p50,
    p99: stats.p99,
    max: stats.max,
  };
}
