import { z } from 'zod';
import type { AuthLimits } from '@beerscale/contract/limits';
import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTrustProxy } from './http/trust-proxy';
import type { EngineTimings } from './game/play/engine/timings';

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The national help service for alcohol questions in Germany (BIÖG): HELP_URL's default. */
export const DEFAULT_HELP_URL = 'https://www.kenn-dein-limit.de';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres(ql)?:\/\/)/, 'DATABASE_URL must start with sqlite: or postgres://')
    .default('sqlite:./data/beerscale.db'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  JWT_SECRET_FILE: z.string().min(1).optional(),
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
  // Sign-in abuse limits; unset means the contract's AUTH_LIMITS.
  LOGIN_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().positive().optional(),
  LOGIN_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().positive().optional(),
  LOGINS_PER_ADDRESS: z.coerce.number().int().positive().optional(),
  REGISTRATIONS_PER_ADDRESS: z.coerce.number().int().positive().optional(),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed !== 'object') return parsed;
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }),
  SETTINGS_KEY: z.string().min(32, 'SETTINGS_KEY must be at least 32 characters').optional(),
  SETTINGS_KEY_FILE: z.string().min(1).optional(),
  // Socket caps and request timeouts; unset, the app's defaults (20, 100, 20, 30 s, 10 s) apply.
  BROWSER_SOCKETS_PER_USER: z.coerce.number().int().positive().optional(),
  BROWSER_SOCKETS_PER_ADDRESS: z.coerce.number().int().positive().optional(),
  PAIRING_SOCKETS_PER_ADDRESS: z.coerce.number().int().positive().optional(),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().optional(),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().optional(),
  /** HTTPS for phones on the LAN (Web Bluetooth needs a secure context): PEM files, both or none. */
  TLS_CERT: z.string().min(1).optional(),
  TLS_KEY: z.string().min(1).optional(),
  INVITES_PER_GAME_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
  /** The operator's imprint and privacy notice: links on the landing and register pages. */
  IMPRINT_URL: z
    .url({ protocol: /^https?$/, error: 'IMPRINT_URL must be an http(s) URL' })
    .optional(),
  PRIVACY_URL: z
    .url({ protocol: /^https?$/, error: 'PRIVACY_URL must be an http(s) URL' })
    .optional(),
  /** Help with alcohol, linked beside them (docs/RULES.md, "Drinks and responsible play"). */
  HELP_URL: z
    .url({ protocol: /^https?$/, error: 'HELP_URL must be an http(s) URL' })
    .default(DEFAULT_HELP_URL),
  /** Where players reach the app (reset links); unset, a link uses the request's own origin. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) URL' })
    .optional(),
  INVITES_PER_USER_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Who approves a scale paired by its code: its registrant (owner) or an administrator. */
  PAIRING_APPROVAL: z
    .enum(['owner', 'administrator'], { error: 'PAIRING_APPROVAL must be owner or administrator' })
    .default('owner'),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string;
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDist: string | null;
  /** Fastify's trustProxy: false or the proxies' addresses and CIDRs (never "every hop"). */
  trustProxy: false | string;
  /** Encrypts stored scale settings; when unset the key is generated and kept in the database. */
  settingsKey?: string;
  /** Abuse caps: browser sockets per user and per remote address. */
  browserSocketsPerUser?: number;
  browserSocketsPerAddress?: number;
  /** A request must be read whole in this long, its headers in this long (slow clients). */
  requestTimeoutMs?: number;
  headersTimeoutMs?: number;
  /** Names this instance in logs, health and the tables (a random suffix keeps it unique). */
  instanceName?: string;
  /** Advertise `_beerscale._tcp` on the LAN for scales (`serve` only; auto: when not loopback). */
  mdns?: 'auto' | 'on' | 'off';
  /** PEM certificate and key: the port then serves HTTPS (and still plain HTTP for scales). */
  tls?: { cert: string; key: string };
  /** The operator's imprint and privacy notice (IMPRINT_URL, PRIVACY_URL). */
  imprintUrl?: string;
  privacyUrl?: string;
  /** Help with alcohol questions (HELP_URL; unset in a config built by hand: DEFAULT_HELP_URL). */
  helpUrl?: string;
  /** PUBLIC_URL: the origin of reset links (else the request's). */
  publicUrl?: string;
  /**
   * PAIRING_APPROVAL: `owner` (default) lets an account that registered with a scale's address
   * pair it by the code it shows and own it; `administrator` leaves that to an administrator.
   */
  pairingApproval?: 'owner' | 'administrator';
  /** Test knobs; never set from the environment. */
  presenceGraceMs?: number;
  presenceSweepMs?: number;
  instanceStaleMs?: number;
  deviceHelloTimeoutMs?: number;
  deviceIdleMs?: number;
  deviceCommandResendMs?: number;
  /**
   * The engine's stability window (1 s within 2 g, game/play/engine/timings.ts); what is not given
   * keeps its default. Tests shorten it so games do not wait real seconds per placement.
   */
  engineTimings?: Partial<EngineTimings>;
  /** How long a connected scale has to answer the PING that decides "Key in use" (5 s). */
  devicePingAnswerMs?: number;
  /**
   * Unpaired device sockets per remote address (default 20), from the upgrade until
   * WELCOME: before HELLO and while showing a pairing code.
   */
  maxPairingSocketsPerAddress?: number;
  /** Unpaired device sockets per instance overall (tests lower it; default 1,000). */
  maxPairingSocketsTotal?: number;
  /** Sign-in and registration limits; what is not given is the contract's AUTH_LIMITS. */
  authLimits?: Partial<AuthLimits>;
  /**
   * How often ended sessions, expired watch links and spent reset links are deleted (default
   * hourly; also once at start: retention/retention-sweep.ts).
   */
  sessionSweepMs?: number;
  /** How often open watch sockets are checked for an expired link (default 60 s). */
  watchExpiryCheckMs?: number;
  /** How long health trusts the database's last answer (default 1 s, database-health.ts). */
  healthSuccessMaxAgeMs?: number;
  /** Invitations one ranked game may send per minute (default 30). */
  invitesPerGamePerMinute?: number;
  /** Invitations one account may send per hour over all its games (default 60). */
  invitesPerUserPerHour?: number;
  /** Result cards one address may have drawn a minute (cards/card.service.ts; default 30). */
  cardRendersPerAddressPerMinute?: number;
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
    jwtSecret: secretFrom('JWT_SECRET', e.JWT_SECRET, e.JWT_SECRET_FILE),
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY,
    settingsKey: secretFrom('SETTINGS_KEY', e.SETTINGS_KEY, e.SETTINGS_KEY_FILE),
    browserSocketsPerUser: e.BROWSER_SOCKETS_PER_USER,
    browserSocketsPerAddress: e.BROWSER_SOCKETS_PER_ADDRESS,
    maxPairingSocketsPerAddress: e.PAIRING_SOCKETS_PER_ADDRESS,
    requestTimeoutMs: seconds(e.REQUEST_TIMEOUT_SECONDS),
    headersTimeoutMs: seconds(e.HEADERS_TIMEOUT_SECONDS),
    instanceName: e.INSTANCE_NAME,
    mdns: e.MDNS,
    authLimits: definedOnly({
      loginAttemptsPerAccount: e.LOGIN_ATTEMPTS_PER_ACCOUNT,
      loginAttemptsPerAddress: e.LOGIN_ATTEMPTS_PER_ADDRESS,
      loginsPerAddress: e.LOGINS_PER_ADDRESS,
      registrationsPerAddress: e.REGISTRATIONS_PER_ADDRESS,
    }),
    ...(e.TLS_CERT || e.TLS_KEY ? { tls: readTls(e.TLS_CERT, e.TLS_KEY) } : {}),
    invitesPerGamePerMinute: e.INVITES_PER_GAME_PER_MINUTE,
    ...definedOnly({
      imprintUrl: e.IMPRINT_URL,
      privacyUrl: e.PRIVACY_URL,
      helpUrl: e.HELP_URL,
      publicUrl: e.PUBLIC_URL,
    }),
    invitesPerUserPerHour: e.INVITES_PER_USER_PER_HOUR,
    pairingApproval: e.PAIRING_APPROVAL,
  };
}

function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

const seconds = (value: number | undefined) => (value === undefined ? undefined : value * 1000);

/**
 * A secret from the environment or from a file kept apart from the database (a container's
 * secret, a file only the service's user reads): `NAME` or `NAME_FILE`, not both.
 */
function secretFrom(
  name: string,
  value: string | undefined,
  file: string | undefined,
): string | undefined {
  if (value && file)
    throw new Error(`Invalid configuration: set ${name} or ${name}_FILE, not both`);
  if (!file) return value;
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (err) {
    throw new Error(
      `Invalid configuration: ${name}_FILE ${file} cannot be read (${(err as Error).message})`,
    );
  }
  if (text.length < 32) {
    throw new Error(
      `Invalid configuration: the ${name === 'JWT_SECRET' ? 'secret' : 'key'} in ${name}_FILE ${file} must be at least 32 characters`,
    );
  }
  return text;
}

function readTls(certPath: string | undefined, keyPath: string | undefined) {
  if (!certPath || !keyPath) {
    throw new Error('Invalid configuration:\nTLS_CERT and TLS_KEY must be given together');
  }
  const read = (name: string, path: string) => {
    try {
      return readFileSync(path, 'utf8');
    } catch (err) {
      throw new Error(
        `Invalid configuration:\n${name}: cannot read ${path} (${(err as Error).message})`,
      );
    }
  };
  return { cert: read('TLS_CERT', certPath), key: read('TLS_KEY', keyPath) };
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
