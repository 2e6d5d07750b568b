import { hash, type Algorithm } from '@node-rs/argon2';
import { registerBodySchema } from '@beerscale/contract/auth';
import type { Db } from '../../src/db/database';
import { ScalesRepository } from '../../src/scales/scales.repository';
import { usernameKey, UsersRepository } from '../../src/users/users.repository';
import type { Account } from './accounts';
import { httpClient } from './http-client';
import type { TestServer } from './test-server';

// The server hashes with argon2id at 19 MiB and 2 passes, about 50 ms of a shared core per
// registration and again per sign-in. An argon2id hash carries its own cost, so an account
// inserted with a 1 MiB, 1-pass hash signs in through the real /api/login at a fraction of that.
const CHEAP_ARGON2 = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 1024,
  timeCost: 1,
  parallelism: 1,
};
const hashes = new Map<string, Promise<string>>();
const cheapHash = (password: string) => {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hash(password, CHEAP_ARGON2);
    hashes.set(password, hashed);
  }
  return hashed;
};

let counter = 0;

export type AccountOverrides = Partial<
  Pick<Account, 'username' | 'playerName' | 'password' | 'mac'>
>;

/**
 * A player as a registration leaves one (the account row and its scale request, inserted
 * straight into the database), then signed in over HTTP. For every test that is not about
 * signing up; those go through POST /api/register with `signUp`.
 */
export async function createAccount(
  target:
    | TestServer
    | {
        db: Db;
        baseUrl: string;
        /** How to sign in, when not over plain HTTP (a TLS port redirects that). */
        login?: (body: {
          username: string;
          password: string;
        }) => Promise<{ status: number; body: any }>;
      },
  overrides: AccountOverrides = {},
): Promise<Account> {
  const db = 'instance' in target ? target.instance.database.db : target.db;
  counter += 1;
  const suffix = `${process.pid}${counter}`;
  const username = overrides.username ?? `user${suffix}`;
  const playerName = overrides.playerName ?? `U${suffix}`.slice(0, 10);
  const password = overrides.password ?? 'secret-pass';
  const mac = overrides.mac ?? `AB${suffix.padStart(10, '0')}`.slice(0, 12);
  // The registration's own rules (trimmed names, upper-case address) apply here too.
  const body = registerBodySchema.parse({ macAddress: mac, username, playerName, password });
  const now = new Date();
  const passwordHash = await cheapHash(password);
  await db.transaction().execute(async (trx) => {
    const id = await new UsersRepository(trx).insert({
      username: body.username,
      username_key: usernameKey(body.username),
      player_name: body.playerName,
      password_hash: passwordHash,
      created_at: now.toISOString(),
    });
    await new ScalesRepository(trx).linkOnRegistration(body.macAddress, id, now);
  });
  const login =
    'login' in target && target.login
      ? await target.login({ username, password })
      : await httpClient(target.baseUrl)('POST', '/api/login', { body: { username, password } });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { id: login.body.user.id, username, playerName, password, token: login.body.token, mac };
}

/** A tuple of `N` accounts, so that `const [leader, anna] = ...` needs no checks. */
type Accounts<N extends number, T extends Account[] = []> = T['length'] extends N
  ? T
  : Accounts<N, [...T, Account]>;

/** `count` fresh players on `server`, signed in; made at once, numbered in the order given. */
export function createAccounts<N extends number>(
  server: TestServer,
  count: N,
): Promise<Accounts<N>> {
  return Promise.all(Array.from({ length: count }, () => createAccount(server))) as Promise<
    Accounts<N>
  >;
}
