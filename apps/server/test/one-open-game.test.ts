import { expect, it } from 'vitest';
import { LOBBY_MESSAGES as M } from '@beerscale/contract/games';
import type { Account } from './support/accounts';
import { answerInvite, createGame, inviteTo, lineup, rankedLobby } from './support/ranked';
import { describeEachDialect } from './support/each-dialect';
import { createAccount, createAccounts } from './support/factories';

// A player is in at most one open game (pending, configured or active) at a time: creating or
// accepting while in another is refused, and the refusal changes nothing.
describeEachDialect('one open game per player', {}, ({ server, call }) => {
  const as = (a: Account, body?: unknown) => ({ token: a.token, body });
  const create = (a: Account, gameName = 'Another') =>
    call('POST', '/api/games', as(a, { gameName }));
  const activeGame = async (a: Account) =>
    (await call('GET', '/api/users/active-game', as(a))).body.activeGame;
  const refused = { status: 409, body: { error: M.alreadyInOpenGame } };

  it('refuses a second game to its leader and to its members', async () => {
    const [leader, anna] = await createAccounts(server, 2);
    const gameId = await rankedLobby(call, leader, [anna]);
    expect(await create(leader)).toMatchObject(refused);
    expect(await create(anna)).toMatchObject(refused);
    expect((await activeGame(leader)).gameId).toBe(gameId);
    expect((await activeGame(anna)).gameId).toBe(gameId);
    const count = await server.instance.database.db
      .selectFrom('games')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('creator_id', 'in', [leader.id, anna.id])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('refuses to accept while in another open game; the invitation stays open', async () => {
    const [leader, anna, other] = await createAccounts(server, 3);
    const first = await rankedLobby(call, leader, [anna]);
    const second = await createGame(call, other, 'Second');
    const inviteId = await inviteTo(call, other, second, anna);
    expect(await answerInvite(call, anna, inviteId, 'accepted')).toMatchObject(refused);
    expect(await lineup(call, other, second)).toEqual([other.id]);
    const pending = (await call('GET', `/api/games/${second}/invites`, as(other))).body;
    expect(pending.map((i: any) => i.id)).toEqual([inviteId]);

    // Declining is always possible; leaving the first game frees her for a new invitation.
    await call('POST', `/api/games/${first}/leave`, as(anna));
    expect((await answerInvite(call, anna, inviteId, 'accepted')).status).toBe(200);
    expect(await lineup(call, other, second)).toEqual([other.id, anna.id]);
    expect((await activeGame(anna)).gameId).toBe(second);
  });

  it('frees players whose game was cancelled, who were kicked, or who left', async () => {
    const [leader, anna, ben] = await createAccounts(server, 3);
    const gameId = await rankedLobby(call, leader, [anna, ben]);
    await call('POST', `/api/games/${gameId}/participants/${anna.id}/kick`, as(leader));
    expect((await create(anna, 'Anna')).status).toBe(201);
    await call('POST', `/api/games/${gameId}/leave`, as(ben));
    expect((await create(ben, 'Ben')).status).toBe(201);
    await call('POST', `/api/games/${gameId}/cancel`, as(leader));
    expect((await create(leader, 'Leader')).status).toBe(201);
  });

  it('closes a fast set-up that never started, but not a running fast game', async () => {
    const [player, leader] = await createAccounts(server, 2);
    const fast = (a: Account) =>
      call('POST', '/api/fast-game', {
        ...as(a),
        body: { players: [a.playerName, 'Bob'], scaleAddress: a.mac, containerType: 'BEER_CAN' },
      });
    const setUp = await fast(player);
    expect(setUp.status).toBe(201);
    const created = await create(player, 'Ranked now');
    expect(created.status).toBe(201);
    expect((await call('GET', '/api/fast-game/active', as(player))).body).toEqual({
      activeGame: null,
    });
    await call('POST', `/api/games/${created.body.gameId}/cancel`, as(player));

    const running = await fast(player);
    await call('POST', `/api/fast-game/${running.body.gameId}/start`, as(player));
    expect(await create(player)).toMatchObject(refused);
    const lobby = await createGame(call, leader);
    const inviteId = await inviteTo(call, leader, lobby, player);
    expect(await answerInvite(call, player, inviteId, 'accepted')).toMatchObject(refused);
    expect((await call('GET', '/api/fast-game/active', as(player))).body.activeGame).toMatchObject({
      gameId: running.body.gameId,
      status: 'active',
    });
  });

  it('holds under concurrent requests of one player', async () => {
    const [player, a, b] = await createAccounts(server, 3);
    const creates = await Promise.all([1, 2, 3, 4].map((i) => create(player, `Race ${i}`)));
    expect(creates.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const mine = creates.find((r) => r.status === 201)!.body.gameId;
    await call('POST', `/api/games/${mine}/cancel`, as(player));

    const lobbies = await Promise.all([createGame(call, a, 'A'), createGame(call, b, 'B')]);
    const invites = await Promise.all([
      inviteTo(call, a, lobbies[0], player),
      inviteTo(call, b, lobbies[1], player),
    ]);
    const answers = await Promise.all(
      invites.map((inviteId) => answerInvite(call, player, inviteId, 'accepted')),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const lineups = await Promise.all([lineup(call, a, lobbies[0]), lineup(call, b, lobbies[1])]);
    expect(lineups.filter((ids) => ids.includes(player.id))).toHaveLength(1);
  });

  it('lets two players race to join the last seat: one gets it', async () => {
    const players = await Promise.all(Array.from({ length: 11 }, () => createAccount(server)));
    const [leader, ...others] = players as [Account, ...Account[]];
    const gameId = await rankedLobby(call, leader, others.slice(0, 8));
    const invites = await Promise.all([
      inviteTo(call, leader, gameId, others[8]!),
      inviteTo(call, leader, gameId, others[9]!),
    ]);
    const answers = await Promise.all([
      answerInvite(call, others[8]!, invites[0], 'accepted'),
      answerInvite(call, others[9]!, invites[1], 'accepted'),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await lineup(call, leader, gameId)).toHaveLength(10);
  });
});
