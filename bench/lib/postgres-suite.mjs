// Several instances on PostgreSQL (docs/ARCHITECTURE.md): the REST reads with one instance, then with N instances on one
// database behind Debian's nginx (round robin), to see how throughput scales. A fresh database
// is created on the given server, seeded, and dropped at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { login, runLogins, runReads, startReadBaseline } from './api-benches.mjs';
import { measureSocketMemory } from './memory.mjs';
import { startNginx } from './nginx.mjs';
import { all, atLeast, below, ratioAtLeast } from './report.mjs';
import { runRelay } from './relay.mjs';
import { seedDatabase } from './seed.mjs';
import { bundleServer, startServer } from './spawn-server.mjs';
import { DEFAULTS } from './sqlite-suite.mjs';

/**
 * @param {Partial<typeof DEFAULTS> & { databaseUrl: string, instances?: number,
 *   log?: (line: string) => void }} options  databaseUrl: any database on the server to use
 */
export async function runPostgresSuite(options) {
  const o = { ...DEFAULTS, instances: 2, ...options };
  const log = options.log ?? ((line) => console.log(line));
  const name = `beerscale_bench_${process.pid}_${Date.now().toString(36)}`;
  const adminUrl = o.databaseUrl;
  const databaseUrl = withDatabase(adminUrl, name);
  const dir = mkdtempSync(join(tmpdir(), 'beerscale-bench-pg-'));
  const load = {
    concurrency: o.concurrency,
    durationMs: o.seconds * 1000,
    warmupMs: o.warmupSeconds * 1000,
  };
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const stoppers = [];
  try {
    await bundleServer();
    log(`seeding ${o.users} users and ${o.games} games on PostgreSQL (${name})...`);
    const seed = await seedDatabase(databaseUrl, o.users, o.games, join(dir, 'manifest.json'));
    const { facts } = seed;

    const configurations = [
      { label: '1 instance, direct', instances: 1, nginx: false },
      { label: '1 instance behind nginx', instances: 1, nginx: true },
      ...(o.instances > 1
        ? [{ label: `${o.instances} instances behind nginx`, instances: o.instances, nginx: true }]
        : []),
    ];
    const measured = [];
    let baselines = null;
    let extras = null;
    for (const config of configurations) {
      log(`${config.label}...`);
      const servers = [];
      for (let i = 0; i < config.instances; i += 1) {
        servers.push(
          await startServer({
            databaseUrl,
            env: { WEB_DIST: o.dist, INSTANCE_NAME: `bench-${i + 1}` },
          }),
        );
      }
      const proxy = config.nginx
        ? await startNginx(servers.map((s) => Number(new URL(s.url).port)))
        : null;
      try {
        const url = proxy?.url ?? servers[0].url;
        const token = await login(url, facts.heavy.username, facts.password);
        // The baseline answers the first configuration's bytes; every configuration is compared
        // with the figures it measured then.
        if (!baselines) {
          const baseline = await startReadBaseline({ serverUrl: url, token, facts, dir });
          stoppers.push(baseline.stop);
          const serverPid = config.nginx ? undefined : servers[0].pid;
          const reads = await runReads({ url, token, facts, load, baseline, serverPid });
          baselines = Object.fromEntries(Object.entries(reads).map(([id, r]) => [id, r.baseline]));
          measured.push({ config, reads });
          // Sign-in, memory and the relay on the one instance directly, as on SQLite.
          extras = await measureExtras({ url, pid: servers[0].pid, facts, o, log });
        } else {
          measured.push({ config, reads: await runReads({ url, token, facts, load, baselines }) });
        }
      } finally {
        await proxy?.stop();
        for (const s of servers) await s.stop();
      }
    }

    const base = baselines.leaderboard;
    const rows = [
      {
        id: 'baseline',
        name: 'bare node:http answering the leaderboard page’s bytes (baseline)',
        rps: base.rps,
        p50: base.p50,
        p99: base.p99,
        baseRps: base.rps,
        ratio: 1,
      },
    ];
    const single = measured.find((m) => m.config.nginx && m.config.instances === 1);
    for (const { config, reads } of measured) {
      for (const [id, stats] of Object.entries(reads)) {
        const scaling = single && config.instances > 1 ? stats.rps / single.reads[id].rps : null;
        const direct = config.instances === 1 && !config.nginx;
        rows.push({
          id: `${id}-${config.instances}${config.nginx ? '-nginx' : ''}`,
          name: `${stats.name.split(' (')[0]}, ${config.label}`,
          rps: stats.rps,
          p50: stats.p50,
          p99: stats.p99,
          baseRps: stats.baseline.rps,
          ratio: stats.ratio,
          floor: reads.health.ratio,
          ...(scaling === null ? {} : { value: scaling, unit: '× one instance' }),
          ...(direct && id === 'leaderboard' ? { budget: ratioAtLeast(stats.ratio, 0.35) } : {}),
        });
      }
    }
    if (extras) {
      const { logins, memory, relay } = extras;
      rows.push(
        {
          id: 'login-1',
          name: `POST /api/login (argon2id; ${logins.stats.requests} players), 1 instance, direct`,
          rps: logins.stats.rps,
          p50: logins.stats.p50,
          p99: logins.stats.p99,
          baseRps: base.rps,
          ratio: logins.stats.rps / base.rps,
        },
        {
          id: 'relay-1',
          name: `WEIGHT -> SCALE_DATA, ${relay.scales} scales at 10 Hz, ${relay.viewers} viewers, 1 instance`,
          p50: relay.p50,
          p99: relay.p99,
          value: relay.deliveredShare * 100,
          unit: '% delivered',
          // Frames a viewer never got would flatter the p99: nearly all must arrive.
          budget: all(
            below(relay.p99, 30, 'ms', 'p99 '),
            atLeast(relay.deliveredShare * 100, 99, '%', 'delivered '),
          ),
        },
        {
          id: 'memory-1',
          name: `server RSS with ${memory.sockets} idle signed-in sockets, 1 instance`,
          value: memory.rssMb,
          unit: 'MB',
          // Sockets the server closed (a cap, an error) would be memory not measured.
          budget: all(
            below(memory.rssMb, 200, 'MB'),
            atLeast(memory.sockets, o.sockets, 'sockets', 'open '),
          ),
        },
      );
    }
    return {
      meta: {
        users: o.users,
        games: o.games,
        seedMs: seed.ms,
        seconds: o.seconds,
        concurrency: o.concurrency,
        instances: o.instances,
      },
      rows,
    };
  } finally {
    for (const stop of stoppers.reverse()) await stop();
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Sign-ins of the scale owners and other players, their idle sockets' memory, the relay. */
async function measureExtras({ url, pid, facts, o, log }) {
  const owners = facts.scaleOwners.slice(0, o.scales);
  const others = facts.usernames.slice(0, Math.max(0, o.sockets - owners.length));
  log(`signing in ${owners.length + others.length} players...`);
  const logins = await runLogins({
    url,
    usernames: [...owners.map((s) => s.username), ...others],
    password: facts.password,
    concurrency: o.concurrency,
  });
  log(`${o.sockets} idle sockets...`);
  const memory = await measureSocketMemory({
    url,
    pid,
    tokens: [...logins.tokens.values()],
    sockets: o.sockets,
    settleMs: o.socketSettleSeconds * 1000,
  });
  log(`relay: ${owners.length} scales at 10 Hz...`);
  const relay = await runRelay({
    url,
    owners: owners.map((s) => ({ mac: s.mac, token: logins.tokens.get(s.username) })),
    viewersPerScale: o.viewersPerScale,
    seconds: o.relaySeconds,
    warmupSeconds: o.relayWarmupSeconds,
  });
  return { logins, memory, relay };
}
