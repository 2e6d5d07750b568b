import { z } from 'zod';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres(ql)?:\/\/)/, 'DATABASE_URL must start with sqlite: or postgres://')
    .default('sqlite:./data/beerscale.db'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 3600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(defaultWebDist),
  INSTANCE_NAME: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, 'INSTANCE_NAME must be 1-32 lowercase letters, digits or -')
    .optional(),
  MDNS: z.enum(['auto', 'on', 'off'], { error: 'MDNS must be auto, on or off' }).default('auto'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  INVITES_PER_GAME_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string;
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDist: string | null;
  trustProxy: boolean;
  /** Names this instance in logs, health and the tables (a random suffix keeps it unique). */
  instanceName?: string;
  /** Advertise `_beerscale._tcp` on the LAN for scales (`serve` only; auto: when not loopback). */
  mdns?: 'auto' | 'on' | 'off';
  /** Test knobs; never set from the environment. */
  presenceGraceMs?: number;
  presenceSweepMs?: number;
  instanceStaleMs?: number;
  deviceHelloTimeoutMs?: number;
  deviceIdleMs?: number;
  /** DESIGN §6: device sockets showing a pairing code per remote address (default 20). */
  maxPairingSocketsPerAddress?: number;
  loginLimits?: { perAccount: number; perAddress: number; windowMs: number };
  /** Invitations one ranked game may send per minute (default 30). */
  invitesPerGamePerMinute?: number;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
};

/** Reads the environment once at start; a bad value stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: anchorSqlitePath(e.DATABASE_URL, env.INIT_CWD ?? process.cwd()),
    jwtSecret: e.JWT_SECRET,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY,
    instanceName: e.INSTANCE_NAME,
    mdns: e.MDNS,
    invitesPerGamePerMinute: e.INVITES_PER_GAME_PER_MINUTE,
  };
}

/**
 * A relative SQLite path means relative to where the operator typed the command. npm runs a
 * workspace's scripts (`npm run admin`, `npm run dev`) inside the workspace folder but keeps
 * that place in INIT_CWD, so `npm start` and `npm run admin` open the same ./data file.
 */
export function anchorSqlitePath(url: string, base: string): string {
  const match = /^sqlite:(?:\/\/)?(.*)$/.exec(url);
  const path = match?.[1];
  if (path === undefined || path === ':memory:' || isAbsolute(path)) return url;
  return `sqlite:${resolve(base, path)}`;
}
