import type { APIRequestContext, Page } from '@playwright/test';

let counter = 0;
// Specs run in parallel workers against one server: a worker's own digit keeps names and scale
// addresses apart when two workers register in the same millisecond.
const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 10;

export interface TestUser {
  id: number;
  username: string;
  playerName: string;
  password: string;
  mac: string;
  token: string;
}

/** A new player registered through the real API, with a unique name and scale address. */
export async function registerUser(
  request: APIRequestContext,
  overrides: Partial<Pick<TestUser, 'username' | 'playerName' | 'password' | 'mac'>> = {},
): Promise<TestUser> {
  counter += 1;
  const suffix = `${worker}${Date.now().toString(36).slice(-5)}${counter}`;
  const user = {
    username: overrides.username ?? `e2e_${suffix}`,
    playerName: overrides.playerName ?? `P${suffix}`.slice(0, 10),
    password: overrides.password ?? 'secret-pass',
    mac:
      overrides.mac ??
      `E2${worker}${String(Date.now()).slice(-6)}${String(counter).padStart(3, '0')}`.slice(0, 12),
  };
  const registered = await request.post('/api/register', {
    data: {
      macAddress: user.mac,
      username: user.username,
      playerName: user.playerName,
      password: user.password,
    },
  });
  if (registered.status() !== 201) throw new Error(`register: ${await registered.text()}`);
  const login = await request.post('/api/login', {
    data: { username: user.username, password: user.password },
  });
  const body = await login.json();
  return { ...user, id: body.user.id, token: body.token };
}

/** Signs in through the real login form. */
export async function signInThroughForm(page: Page, user: Pick<TestUser, 'username' | 'password'>) {
  await page.getByLabel('Username/Email').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
