// HTTP load from Debian's wrk (C, epoll, one thread): keep-alive connections that each send the
// next request as soon as the previous response is complete, cycling through the given paths.
// autocannon with a per-response listener spends more CPU per request than the bare node:http
// baseline it measures, so on two shared cores it, not the server, set the baseline's rate and
// flattered every ratio. wrk costs a fraction of a core at the same rate; each run reports the
// CPU the generator and the measured process used, so a table shows which one was the limit.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';

export const WRK = process.env.WRK_PATH ?? '/usr/bin/wrk';

/** Jiffies per second of /proc/<pid>/stat on Linux (USER_HZ, 100 on every Debian kernel). */
const USER_HZ = 100;

/** utime + stime of a process in seconds, or null when it is gone. */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / USER_HZ;
  } catch {
    return null;
  }
}

/** A Lua script for wrk: rotate through `paths` with `headers`; print one JSON line when done. */
function luaScript(paths, headers) {
  const lua = (s) => JSON.stringify(s); // JSON string escapes are valid Lua escapes for ASCII
  return `
local paths = { ${paths.map(lua).join(', ')} }
local headers = { ${Object.entries(headers)
    .map(([k, v]) => `[${lua(k)}] = ${lua(v)}`)
    .join(', ')} }
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1], headers)
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK-JSON {"requests":%d,"duration":%d,"bytes":%d,"errors":%d,"status":%d,"p50":%d,"p99":%d,"max":%d}\\n',
    summary.requests, summary.duration, summary.bytes,
    e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50), latency:percentile(99), latency.max))
end
`;
}

/**
 * One wrk run of `seconds` against `url`, rotating through `paths`.
 * @param {{ url: string, paths: string[], headers?: Record<string, string>, concurrency: number,
 *   seconds: number, serverPid?: number }} options
 * @returns {Promise<{ requests: number, rps: number, p50: number, p99: number, max: number,
 *   errors: number, statusErrors: number, bytes: number, generatorCpu: number,
 *   serverCpu: number | null }>} latencies in ms; CPU as the share of one core over the run
 */
export async function runWrk({ url, paths, headers = {}, concurrency, seconds, serverPid }) {
  const script = join(tmpdir(), `beerscale-wrk-${randomBytes(6).toString('hex')}.lua`);
  writeFileSync(script, luaScript(paths, headers));
  const args = ['-t1', `-c${concurrency}`, `-d${Math.max(1, Math.round(seconds))}s`];
  args.push('--timeout', '30s', '-s', script, url);
  const serverBefore = serverPid ? cpuSeconds(serverPid) : null;
  const child = spawn(WRK, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (err += c));
  // wrk's own CPU: sampled until it exits (a process's stat is gone once it is reaped).
  let generator = 0;
  const sampler = setInterval(() => {
    const s = cpuSeconds(child.pid);
    if (s !== null) generator = s;
  }, 100);
  const code = await new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  clearInterval(sampler);
  const serverAfter = serverPid ? cpuSeconds(serverPid) : null;
  const line = out.split('\n').find((l) => l.startsWith('WRK-JSON '));
  if (code !== 0 || !line) {
    throw new Error(`wrk failed (exit ${code}): ${err.trim() || out.trim()}`);
  }
  const r = JSON.parse(line.slice('WRK-JSON '.length));
  const measuredS = r.duration / 1e6;
  return {
    requests: r.requests,
    rps: r.requests / measuredS,
    p50: r.p50 / 1000,
    p99: r.p99 / 1000,
    max: r.max / 1000,
    errors: r.errors,
    statusErrors: r.status,
    bytes: r.bytes,
    generatorCpu: generator / measuredS,
    serverCpu:
      serverBefore !== null && serverAfter !== null
        ? (serverAfter - serverBefore) / measuredS
        : null,
  };
}

/**
 * A warm-up run (not counted) and the measured run.
 * @param {{ url: string, paths: string[], headers?: Record<string, string>, concurrency: number,
 *   durationMs: number, warmupMs: number, serverPid?: number }} options
 */
export async function measureWithWrk(options) {
  const { durationMs, warmupMs, ...rest } = options;
  // wrk counts whole seconds: a warm-up shorter than half of one is none.
  if (warmupMs >= 500) await runWrk({ ...rest, seconds: warmupMs / 1000 });
  const stats = await runWrk({ ...rest, seconds: durationMs / 1000 });
  if (stats.errors > 0 || stats.statusErrors > 0) {
    throw new Error(
      `${options.url}${options.paths[0]}: ${stats.errors} socket errors, ${stats.statusErrors} non-2xx under load`,
    );
  }
  return stats;
}
