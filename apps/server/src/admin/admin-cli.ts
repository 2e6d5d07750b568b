import { parseArgs } from 'node:util';
import { ADMIN_SCALES_PAGE } from '@beerscale/contract/admin';
import { macSchema } from '@beerscale/contract/mac';
import { newPasswordSchema, usernameSchema } from '@beerscale/contract/auth';
import { pairBodySchema } from '@beerscale/contract/scales';
import { hashPassword } from '../auth/password';
import { SecretsRepository } from '../auth/secrets.repository';
import { SessionsRepository } from '../auth/sessions.repository';
import { TokenSigner } from '../auth/tokens';
import type { DatabaseHandle } from '../db/database';
import { HttpError } from '../http/http-error';
import { recordSaysOnline } from '../devices/device-presence';
import { LocalEventBus } from '../realtime/event-bus';
import { ScalesRepository } from '../scales/scales.repository';
import { UsersRepository, usernameKey } from '../users/users.repository';
import { AdminService } from './admin.service';
import { AccountAdminService } from '../account/account-admin.service';
import { AccountRepository } from '../account/account.repository';
import { PasswordResetsRepository } from '../account/password-resets.repository';

const USAGE = `Usage:
  npm run admin -- create-admin --username U --password P
  npm run admin -- assign-scale --mac AABBCCDDEEFF --username U
  npm run admin -- unassign-scale --mac AABBCCDDEEFF
  npm run admin -- reset-key --mac AABBCCDDEEFF
  npm run admin -- pair --mac AABBCCDDEEFF --code 123456 [--server http://127.0.0.1:3000]
  npm run admin -- list-scales
  npm run admin -- reset-link --username U [--server https://beer.example.org]`;

export class CliError extends Error {}

/** The accounts' administration over the database alone (no sessions or sockets to close here). */
function accountAdmin(handle: DatabaseHandle): AccountAdminService {
  const repo = new AccountRepository(handle.db);
  const sessions = new SessionsRepository(handle.db);
  return new AccountAdminService(repo, new PasswordResetsRepository(handle.db), {
    endSessions: async (userId, keep) =>
      (await sessions.revokeAllOf(userId, keep, new Date())).length,
  });
}

/** The operator's commands (README.md, Administration); the same rules as the /admin page. */
export async function runAdminCommand(
  handle: DatabaseHandle,
  argv: string[],
  print: (line: string) => void,
  env: { jwtSecret?: string } = {},
): Promise<void> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      mac: { type: 'string' },
      code: { type: 'string' },
      server: { type: 'string' },
    },
    strict: true,
  });
  const users = new UsersRepository(handle.db);
  // The same rules as the /admin page; connection state comes from the tables, since the
  // devices' sockets live in the server processes, not in this one.
  const admin = new AdminService(
    new ScalesRepository(handle.db),
    users,
    new LocalEventBus(() => {}),
    (scale) => recordSaysOnline(scale),
    {
      // Pending pairings live in the running server's memory: `pair` asks the server itself.
      list: () => [],
      confirm: () => Promise.reject(new CliError('pair goes through the running server')),
    },
  );

  switch (command) {
    case 'create-admin': {
      const username = check(usernameSchema, values.username, 'username');
      const password = check(newPasswordSchema, values.password, 'password');
      const passwordHash = await hashPassword(password);
      const existing = await users.findByUsername(username);
      if (existing) {
        await users.setAdmin(existing.id, true, passwordHash);
        print(`${existing.username} is now an administrator (password updated).`);
      } else {
        const id = await users.insert({
          username,
          username_key: usernameKey(username),
          player_name: username.slice(0, 10),
          password_hash: passwordHash,
          is_admin: 1,
          created_at: new Date().toISOString(),
        });
        print(`Created administrator ${username} (id ${id}).`);
      }
      return;
    }
    case 'assign-scale': {
      const mac = check(macSchema, values.mac, 'mac');
      const username = check(usernameSchema, values.username, 'username');
      const user = await admin.findUserByUsername(username);
      if (!user) throw new CliError(`No user named ${username}.`);
      await admin.assign(mac, user.id, { provision: true });
      print(`Scale ${mac} assigned to ${user.username} and approved.`);
      return;
    }
    case 'unassign-scale': {
      const mac = check(macSchema, values.mac, 'mac');
      await known(() => admin.unassign(mac));
      print(`Scale ${mac} has no owner now (and is no longer approved).`);
      return;
    }
    case 'reset-key': {
      const mac = check(macSchema, values.mac, 'mac');
      await known(() => admin.resetKey(mac));
      // This process holds no device sockets: a scale connected now pairs again when it reconnects.
      print(`Pairing key of ${mac} reset: the scale pairs again at its next connection.`);
      return;
    }
    case 'pair': {
      const mac = check(macSchema, values.mac, 'mac');
      const { code } = check(
        pairBodySchema,
        values.code === undefined ? undefined : { code: values.code },
        'code',
      );
      const server = (values.server ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`).replace(
        /\/$/,
        '',
      );
      await pairThroughServer(handle, users, server, mac, code, env.jwtSecret);
      print(`Scale ${mac} paired: it has its key now.`);
      return;
    }
    case 'reset-link': {
      const username = check(usernameSchema, values.username, 'username');
      const user = await admin.findUserByUsername(username);
      if (!user) throw new CliError(`No user named ${username}.`);
      // The link's origin: --server, else PUBLIC_URL, else this machine's port.
      const origin =
        values.server ?? process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
      const link = await accountAdmin(handle).resetLink(user.id, origin);
      print(`Reset link for ${user.username} (once, until ${link.expiresAt}):`);
      print(link.url);
      return;
    }
    case 'list-scales': {
      const scales = await allScales(admin);
      if (scales.length === 0) print('No scales registered yet.');
      for (const scale of scales) {
        print(
          [
            scale.mac,
            `owner=${scale.owner?.username ?? '-'}`,
            `approved=${scale.approved ? 'yes' : 'no'}`,
            `requested_by=${scale.requestedBy?.username ?? '-'}`,
            `registered_by=${scale.registrants.map((r) => r.username).join(',') || '-'}`,
            `connected=${scale.connected ? 'yes' : 'no'}`,
            `last_seen=${scale.lastSeenAt ?? 'never'}`,
          ].join('  '),
        );
      }
      return;
    }
    default:
      throw new CliError(USAGE);
  }
}

/**
 * The device waits on a socket of the running server, whose memory holds its code: the CLI
 * confirms through the server's own admin route, in the name of the first administrator, with a
 * session that lives two minutes and is revoked at once.
 */
async function pairThroughServer(
  handle: DatabaseHandle,
  users: UsersRepository,
  server: string,
  mac: string,
  code: string,
  configuredSecret: string | undefined,
): Promise<void> {
  const admin = await users.firstAdmin();
  if (!admin) throw new CliError('No administrator yet: create one first (create-admin).');
  const secret =
    configuredSecret ?? (await new SecretsRepository(handle.db).getOrCreate('jwt_secret'));
  const sessions = new SessionsRepository(handle.db);
  const signed = await new TokenSigner(secret, 120).sign(admin.id);
  await sessions.create(signed.jti, admin.id, signed.expiresAt, new Date());
  try {
    let reply: Response;
    try {
      reply = await fetch(`${server}/api/admin/scales/${mac}/pair`, {
        method: 'POST',
        headers: { authorization: `Bearer ${signed.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      });
    } catch {
      throw new CliError(
        `No server answers at ${server}: start it (npm start) or pass --server URL.`,
      );
    }
    if (!reply.ok) {
      const body = (await reply.json().catch(() => ({}))) as { error?: string };
      throw new CliError(body.error ?? `The server answered ${reply.status}.`);
    }
  } finally {
    await sessions.revoke(signed.jti, new Date());
  }
}

/** The service's refusals (an unknown scale) as the operator's error, not a crash. */
/** The operator's listing shows every scale: page through them all. */
async function allScales(admin: AdminService) {
  const scales = [];
  for (let offset = 0; ; offset += ADMIN_SCALES_PAGE.max) {
    const page = await admin.listScales({ limit: ADMIN_SCALES_PAGE.max, offset });
    scales.push(...page.scales);
    if (page.scales.length < ADMIN_SCALES_PAGE.max) return scales;
  }
}

async function known(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    if (err instanceof HttpError) throw new CliError(err.message);
    throw err;
  }
}

function check<T>(
  schema: {
    safeParse(
      v: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
  },
  value: unknown,
  name: string,
): T {
  if (value === undefined) throw new CliError(`--${name} is required.\n${USAGE}`);
  const result = schema.safeParse(value);
  if (!result.success) throw new CliError(result.error.issues[0]?.message ?? `Invalid --${name}`);
  return result.data;
}
