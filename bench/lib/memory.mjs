// Budget (docs/PERFORMANCE.md): at most 150 MB RSS with 1,000 sockets. Opens idle,
// authenticated browser sockets (/ws?token=JWT, answering the server's PINGs) and reads the
// server's resident set size from /proc/<pid>/status before and after.
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';

/** VmRSS of a process in MB, or NaN where /proc is not there. */
export function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return NaN;
  }
}

export function openSocket(url) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.on('message', (data) => {
      if (data.toString().includes('"PING"')) ws.send('{"type":"PONG"}');
    });
  });
}

/**
 * @param {{ url: string, pid: number, tokens: string[], sockets: number, settleMs?: number }} options
 */
export async function measureSocketMemory({ url, pid, tokens, sockets, settleMs = 3_000 }) {
  const wsBase = url.replace(/^http/, 'ws');
  const before = rssMb(pid);
  const open = [];
  // A few at a time: a thousand handshakes at once measure the accept queue, not memory.
  for (let i = 0; i < sockets; i += 50) {
    const batch = [];
    for (let j = i; j < Math.min(sockets, i + 50); j += 1) {
      batch.push(openSocket(`${wsBase}/ws?token=${tokens[j % tokens.length]}`));
    }
    open.push(...(await Promise.all(batch)));
  }
  await new Promise((r) => setTimeout(r, settleMs));
  const after = rssMb(pid);
  const stillOpen = open.filter((ws) => ws.readyState === WebSocket.OPEN).length;
  for (const ws of open) ws.terminate();
  return {
    sockets: stillOpen,
    users: Math.min(tokens.length, sockets),
    rssBeforeMb: before,
    rssMb: after,
    perSocketKb: ((after - before) * 1024) / Math.max(1, stillOpen),
  };
}
