import { afterAll, beforeAll, expect, it } from 'vitest';
import { VALIDATION } from '@beerscale/contract/messages';
import type { Account } from './support/accounts';
import { httpClient, type HttpCall } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';

const RLO = '\u202e';
const ZWSP = '\u200b';

describeEachDialect('names through the API', ({ dialect }) => {
  let server: TestServer;
  let call: HttpCall;
  let me: Account;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    call = httpClient(server.baseUrl);
    me = await createAccount(server);
  });
  afterAll(() => server.stop());

  const registration = (change: Record<string, string>) => ({
    macAddress: 'AB0000000001',
    username: 'names.user',
    playerName: 'Named',
    password: 'secret-pass',
    ...change,
  });

  async function countUsers(): Promise<number> {
    const row = await server.instance.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it.each([
    [{ playerName: `${RLO}kcaj` }, VALIDATION.playerNameHiddenCharacters],
    [{ playerName: `Jo${ZWSP}e` }, VALIDATION.playerNameHiddenCharacters],
    [{ username: `me${ZWSP}@example.com` }, VALIDATION.usernameHiddenCharacters],
    [{ username: 'p\u0430ypal@example.com' }, VALIDATION.usernameMixedScripts],
  ])('refuses the registration %o with its message and stores nothing', async (change, message) => {
    const before = await countUsers();
    const reply = await call('POST', '/api/register', { body: registration(change) });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe(message);
    expect(await countUsers()).toBe(before);
  });

  it('stores names composed (NFC), so the same name typed two ways signs in alike', async () => {
    const reply = await call('POST', '/api/register', {
      body: registration({ username: 'rene\u0301@example.com', playerName: 'Rene\u0301' }),
    });
    expect(reply.status).toBe(201);
    const login = await call('POST', '/api/login', {
      body: { username: 'ren\u00e9@example.com', password: 'secret-pass' },
    });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({
      username: 'ren\u00e9@example.com',
      playerName: 'Ren\u00e9',
    });
  });

  it('refuses a hidden character in a new player name and keeps the old one', async () => {
    const reply = await call('PUT', '/api/profile', {
      token: me.token,
      body: { playerName: `Bad${RLO}` },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe(VALIDATION.playerNameHiddenCharacters);
    const profile = await call('GET', '/api/profile', { token: me.token });
    expect(profile.body.playerName).toBe(me.playerName);
  });

  it('refuses hidden characters in typed fast-game names, game names and scale names', async () => {
    const fast = await call('POST', '/api/fast-game', {
      token: me.token,
      body: { players: ['Me', `Yo${RLO}u`], scaleAddress: me.mac, containerType: 'BEER_CAN' },
    });
    expect(fast.status).toBe(400);
    expect(fast.body.error).toBe(VALIDATION.playerNameHiddenCharacters);

    const game = await call('POST', '/api/games', {
      token: me.token,
      body: { gameName: `Final ${'\u2066'}round` },
    });
    expect(game.status).toBe(400);
    expect(game.body.error).toBe(VALIDATION.gameNameHiddenCharacters);

    const scale = await call('PUT', `/api/scale-settings/scales/${me.mac}/settings`, {
      token: me.token,
      body: { settings: { device_name: `Bar${ZWSP}` } },
    });
    expect(scale.status).toBe(400);
    expect(scale.body.error).toBe(VALIDATION.deviceNameHiddenCharacters);

    const games = await server.instance.database.db
      .selectFrom('games')
      .select('id')
      .where('creator_id', '=', me.id)
      .execute();
    expect(games).toEqual([]);
  });
});
