import type { HttpCall } from './http-client';

let counter = 0;

export interface Account {
  id: number;
  username: string;
  playerName: string;
  password: string;
  token: string;
  mac: string;
}

/** A fresh registered and logged-in player with a unique name and scale address. */
export async function signUp(
  call: HttpCall,
  overrides: Partial<Pick<Account, 'username' | 'playerName' | 'password' | 'mac'>> = {},
): Promise<Account> {
  counter += 1;
  const suffix = `${process.pid}${counter}`;
  const username = overrides.username ?? `player${suffix}`;
  const playerName = overrides.playerName ?? `P${suffix}`.slice(0, 10);
  const password = overrides.password ?? 'secret-pass';
  const mac = overrides.mac ?? `AA${suffix.padStart(10, '0')}`.slice(0, 12);
  const registered = await call('POST', '/api/register', {
    body: { macAddress: mac, username, playerName, password },
  });
  if (registered.status !== 201)
    throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const login = await call('POST', '/api/login', { body: { username, password } });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { id: login.body.user.id, username, playerName, password, token: login.body.token, mac };
}
