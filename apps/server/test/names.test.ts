import { beforeAll, expect, it } from 'vitest';
import { VALIDATION } from '@beerscale/contract/messages';
import { NAME_REFUSALS } from '@beerscale/contract/refusal-messages';
import { openSocket } from './support/socket-client';
import type { Account } from './support/accounts';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';
import { rankedLobby } from './support/ranked';

const RLO = '\u202e';
const ZWSP = '\u200b';

describeEachDialect('names through the API', {}, ({ server, call }) => {
  let me: Account;

  beforeAll(async () => {
    me = await createAccount(server);
  });

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

  // The second penetration test's findings: these passed in player, game and fast-game names
  // and in the bridge's driver text.
  const INVISIBLE = ['\u3164', '\u2800', '\u{E0020}', '\u00AD', '\u034F', '\u180E', '\u2062'];

  it.each(INVISIBLE.map((c) => [c.codePointAt(0)!.toString(16).toUpperCase(), c]))(
    'refuses U+%s in player names, game names and typed fast-game names, alone or inside',
    async (_, c) => {
      for (const name of [c, `Ann${c}a`, `${c}${c}`]) {
        const renamed = await call('PUT', '/api/profile', {
          token: me.token,
          body: { playerName: name },
        });
        expect(renamed.status, name).toBe(400);
        const game = await call('POST', '/api/games', {
          token: me.token,
          body: { gameName: `Final${name}` },
        });
        expect(game.status, name).toBe(400);
        const fast = await call('POST', '/api/fast-game', {
          token: me.token,
          body: { players: ['Me', `Yo${name}u`], scaleAddress: me.mac, containerType: 'BEER_CAN' },
        });
        expect(fast.status, name).toBe(400);
        expect(fast.body.error).toBe(VALIDATION.playerNameHiddenCharacters);
      }
      const profile = await call('GET', '/api/profile', { token: me.token });
      expect(profile.body.playerName).toBe(me.playerName);
    },
  );

  it('keeps emoji with their variation selector', async () => {
    const game = await call('POST', '/api/games', {
      token: me.token,
      body: { gameName: 'Bier \u2764\uFE0F' },
    });
    expect(game.status).toBe(201);
    await call('POST', `/api/games/${game.body.gameId}/cancel`, { token: me.token });
  });

  it('refuses names that differ only in case within one fast game, the account slot too', async () => {
    const typed = await call('POST', '/api/fast-game', {
      token: me.token,
      body: { players: ['Me', 'Anna', 'anna'], scaleAddress: me.mac, containerType: 'BEER_CAN' },
    });
    expect(typed.status).toBe(400);
    expect(typed.body.error).toBe(NAME_REFUSALS.namesDifferOnlyInCase);
    const mine = await call('POST', '/api/fast-game', {
      token: me.token,
      body: {
        players: ['Me', me.playerName.toLowerCase()],
        scaleAddress: me.mac,
        containerType: 'BEER_CAN',
      },
    });
    expect(mine.status).toBe(400);
    expect(mine.body.error).toBe(NAME_REFUSALS.namesDifferOnlyInCase);
    const games = await server.instance.database.db
      .selectFrom('games')
      .select('id')
      .where('creator_id', '=', me.id)
      .where('mode', '=', 'fast')
      .execute();
    expect(games).toEqual([]);
  });

  it('refuses inviting a player whose name differs only in case from one in the ranked game', async () => {
    const anna = await createAccount(server, { playerName: `Anna${process.pid % 1000}` });
    const twin = await createAccount(server, { playerName: anna.playerName.toLowerCase() });
    const other = await createAccount(server);
    const created = await call('POST', '/api/games', {
      token: me.token,
      body: { gameName: 'Names night' },
    });
    const gameId = created.body.gameId as number;
    const invite = (playerId: number) =>
      call('POST', `/api/games/${gameId}/invites`, { token: me.token, body: { playerId } });
    expect((await invite(anna.id)).status).toBe(201);
    const refused = await invite(twin.id);
    expect(refused).toMatchObject({
      status: 409,
      body: { error: NAME_REFUSALS.namesDifferOnlyInCase },
    });
    expect((await invite(other.id)).status).toBe(201);
    await call('POST', `/api/games/${gameId}/cancel`, { token: me.token });
  });

  it('plays a lobby not started yet under a new name, tells the others, refuses a case twin', async () => {
    const tag = process.pid % 1000;
    const leader = await createAccount(server);
    const anna = await createAccount(server, { playerName: `Anna${tag}` });
    const ben = await createAccount(server, { playerName: `Ben${tag}` });
    const gameId = await rankedLobby(call, leader, [anna, ben], 'Renames');
    const seatName = async (userId: number) =>
      (
        await server.instance.database.db
          .selectFrom('game_players')
          .select('player_name')
          .where('game_id', '=', gameId)
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).player_name;
    const rename = (who: Account, playerName: string) =>
      call('PUT', '/api/profile', { token: who.token, body: { playerName } });

    // Ben may not take Anna's name but for case: refused, nothing changed (his language neither).
    const twin = await call('PUT', '/api/profile', {
      token: ben.token,
      body: { playerName: anna.playerName.toUpperCase(), language: 'de' },
    });
    expect(twin).toMatchObject({
      status: 409,
      body: { error: NAME_REFUSALS.namesDifferOnlyInCase },
    });
    const stored = await server.instance.database.db
      .selectFrom('users')
      .select(['player_name', 'language'])
      .where('id', '=', ben.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ player_name: ben.playerName, language: 'en' });
    expect(await seatName(ben.id)).toBe(ben.playerName);

    // Anna renames: her seat plays the new name, and the others' lobbies hear of it.
    const socket = await openSocket(`${server.wsUrl}/ws?token=${leader.token}`);
    try {
      expect((await rename(anna, `Zoe${tag}`)).status).toBe(200);
      expect((await socket.next('PARTICIPANTS_UPDATED')).gameId).toBe(gameId);
    } finally {
      socket.close();
    }
    expect(await seatName(anna.id)).toBe(`Zoe${tag}`);
    const state = await call('GET', `/api/games/${gameId}/state`, { token: leader.token });
    expect(state.body.game.players.map((p: { playerName: string }) => p.playerName)).toContain(
      `Zoe${tag}`,
    );
    await call('POST', `/api/games/${gameId}/cancel`, { token: leader.token });
  });

  it("refuses a fast game's leader a guest's name but for case, and sets up the new name", async () => {
    const leader = await createAccount(server);
    const setUp = await call('POST', '/api/fast-game', {
      token: leader.token,
      body: { players: ['Me', 'Bob'], scaleAddress: leader.mac, containerType: 'BEER_CAN' },
    });
    expect(setUp.status).toBe(201);
    const rename = (playerName: string) =>
      call('PUT', '/api/profile', { token: leader.token, body: { playerName } });
    expect((await rename('bob')).body.error).toBe(NAME_REFUSALS.namesDifferOnlyInCase);
    expect((await rename('Hops')).status).toBe(200);
    const active = await call('GET', '/api/fast-game/active', { token: leader.token });
    expect(active.body.activeGame.players).toEqual(['Hops', 'Bob']);
  });

  it("refuses invisible characters in a Bluetooth bridge's driver", async () => {
    const socket = await openSocket(`${server.wsUrl}/ws?token=${me.token}`);
    try {
      for (const c of INVISIBLE) {
        socket.send({
          type: 'BRIDGE_OPEN',
          deviceId: `dev-${c.codePointAt(0)}`,
          name: 'S',
          driver: `chip${c}sea`,
        });
        expect((await socket.next('ERROR')).type).toBe('ERROR');
      }
      const scales = await server.instance.database.db
        .selectFrom('scales')
        .select('mac')
        .where('owner_id', '=', me.id)
        .where('bridged', '=', 1)
        .execute();
      expect(scales).toEqual([]);
    } finally {
      socket.close();
    }
  });
});
