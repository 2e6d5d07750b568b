import { expect, it } from 'vitest';
import { LOBBY_MESSAGES as M } from '@beerscale/contract/games';
import { VALIDATION } from '@beerscale/contract/messages';
import { runAdminCommand } from '../src/admin/admin-cli';
import { FOREIGN_SCALE, SCALE_BUSY } from '../src/game/play/scale-use';
import type { Account } from './support/accounts';
import {
  answerInvite,
  createGame,
  inviteTo,
  lineup,
  playRanked,
  rankedLobby,
} from './support/ranked';
import { openSocket } from './support/socket-client';
import { weighFirstContainer } from './support/table-scale';
import { typeReadings } from './support/typed-readings';
import { describeEachDialect } from './support/each-dialect';
import { createAccounts } from './support/factories';

// Set-up and start of a ranked game through the real play service, which tells
// the scale (CONFIGURE) and runs the engine; then a whole game and its ratings.
describeEachDialect('ranked set-up and start', {}, ({ server, call, scales }) => {
  const as = (a: Account, body?: unknown) => ({ token: a.token, body });
  const setup = (leader: Account, gameId: number, body: Record<string, unknown> = {}) =>
    call('POST', `/api/games/${gameId}/setup-ranked`, {
      ...as(leader),
      body: { scaleAddress: leader.mac, containerType: 'BEER_BOTTLE', ...body },
    });
  const start = (leader: Account, gameId: number) =>
    call('POST', `/api/games/${gameId}/start-ranked`, {
      ...as(leader),
      body: { scaleAddress: leader.mac, containerType: 'BEER_BOTTLE' },
    });
  const game = async (reader: Account, gameId: number) =>
    (await call('GET', `/api/games/${gameId}`, as(reader))).body;
  const assign = (owner: Account) =>
    runAdminCommand(
      server.instance.database,
      ['assign-scale', '--mac', owner.mac, '--username', owner.username],
      () => {},
    );
  /**
   * What the play service tells a scale, taken off the bus where the device gateway picks it
   * up (the gateway's delivery has its own tests).
   */
  const configuresTo = (mac: string) => {
    const seen: any[] = [];
    const off = server.instance.bus.subscribe('game.configured', (event) => {
      if (event.mac === mac) seen.push(event);
    });
    const names = (i: number) => seen[i]?.players.map((p: any) => p.name);
    return { seen, names, off };
  };
  const isConnected = (mac: string) =>
    server.instance.devices.isOnline({ mac, connection_id: null, last_seen_at: null });

  it('stores scale, container and rounds, and configures the scale with the turn order', async () => {
    const [leader, anna] = await createAccounts(server, 2);
    const gameId = await rankedLobby(call, leader, [anna]);
    const scale = configuresTo(leader.mac);
    const reply = await setup(leader, gameId, { scaleAddress: leader.mac.toLowerCase() });
    expect(reply).toMatchObject({
      status: 200,
      body: {
        message: 'Ranked game setup successfully! Device has been configured with player data.',
      },
    });
    expect(await game(anna, gameId)).toMatchObject({
      status: 'configured',
      scale_mac: leader.mac,
      container_type: 'BEER_BOTTLE',
      rounds_planned: 5,
    });
    expect(scale.seen).toHaveLength(1);
    const configure = scale.seen[0];
    expect(configure).toMatchObject({ gameId, containerType: 'BEER_BOTTLE' });
    expect(configure.players.map((p: any) => [p.name, p.position])).toEqual([
      [leader.playerName, 0],
      [anna.playerName, 1],
    ]);
    // Set up again with other choices: still configured, the new values kept.
    expect((await setup(leader, gameId, { containerType: 'BEER_CAN', rounds: 3 })).status).toBe(
      200,
    );
    expect(await game(leader, gameId)).toMatchObject({
      status: 'configured',
      container_type: 'BEER_CAN',
      rounds_planned: 3,
    });
    expect(scale.seen).toHaveLength(2);
    scale.off();
  });

  it('refuses a set-up by others, with one player, with a bad body or on a foreign scale', async () => {
    const [leader, anna, owner] = await createAccounts(server, 3);
    const solo = await createGame(call, leader, 'Solo');
    expect(await setup(leader, solo)).toMatchObject({
      status: 400,
      body: { error: VALIDATION.inviteAtLeastOne },
    });
    const pendingInvitee = await inviteTo(call, leader, solo, anna);
    expect((await setup(leader, solo)).body.error).toBe(VALIDATION.inviteAtLeastOne);
    await answerInvite(call, anna, pendingInvitee, 'accepted');

    expect(await setup(anna, solo, { scaleAddress: anna.mac })).toMatchObject({
      status: 403,
      body: { error: M.leaderOnly },
    });
    const bodies: [Record<string, unknown>, string][] = [
      [{ scaleAddress: '12:34:56:78:9A:BC' }, VALIDATION.invalidMac],
      [{ scaleAddress: 'ABC' }, VALIDATION.invalidMac],
      [{ scaleAddress: 'GGGGGGGGGGGG' }, VALIDATION.invalidMac],
      [{ scaleAddress: undefined }, VALIDATION.invalidMac],
      [{ containerType: 'BEER_GLASS' }, 'Container type must be BEER_BOTTLE or BEER_CAN'],
      [{ rounds: 0 }, 'Rounds must be between 1 and 10'],
      [{ rounds: 11 }, 'Rounds must be between 1 and 10'],
      [{ extra: true }, 'Unrecognized key: "extra"'],
    ];
    for (const [body, error] of bodies) {
      const reply = await setup(leader, solo, body);
      expect(reply.status).toBe(400);
      expect(reply.body.errors?.[0] ?? reply.body.error).toBe(error);
    }
    await assign(owner);
    expect(await setup(leader, solo, { scaleAddress: owner.mac })).toMatchObject({
      status: 403,
      body: { error: FOREIGN_SCALE },
    });
    expect(
      (
        await call(
          'POST',
          '/api/games/999999/setup-ranked',
          as(leader, {
            scaleAddress: leader.mac,
            containerType: 'BEER_CAN',
          }),
        )
      ).status,
    ).toBe(404);
    // Nothing of the refused set-ups was stored.
    expect(await game(leader, solo)).toMatchObject({
      status: 'pending',
      scale_mac: null,
      container_type: null,
    });
    // The owner plays on their own scale; the leader may use one assigned to them as well.
    await assign(leader);
    expect((await setup(leader, solo)).status).toBe(200);
  });

  it('starts only what was set up, by the leader; then the line-up is fixed', async () => {
    const [leader, anna, carl] = await createAccounts(server, 3);
    const gameId = await rankedLobby(call, leader, [anna]);
    expect(await start(leader, gameId)).toMatchObject({
      status: 400,
      body: { error: VALIDATION.setupFirst },
    });
    expect((await game(leader, gameId)).status).toBe('pending');
    await setup(leader, gameId);
    expect(await start(anna, gameId)).toMatchObject({ status: 403, body: { error: M.leaderOnly } });
    const badBody = await call('POST', `/api/games/${gameId}/start-ranked`, as(leader, {}));
    expect(badBody).toMatchObject({ status: 400, body: { error: VALIDATION.invalidMac } });
    const lapsing = await inviteTo(call, leader, gameId, carl);
    await scales.connect(leader.mac);

    expect(await start(leader, gameId)).toMatchObject({
      status: 200,
      body: { message: 'Ranked game started!' },
    });
    const started = await server.instance.database.db
      .selectFrom('games')
      .select(['status', 'started_at'])
      .where('id', '=', gameId)
      .executeTakeFirstOrThrow();
    expect(started.status).toBe('active');
    expect(started.started_at).not.toBeNull();
    expect((await call('GET', `/api/games/${gameId}/validate`, as(anna))).body).toEqual({
      exists: true,
      isActive: true,
    });
    expect((await call('GET', '/api/users/active-game', as(anna))).body.activeGame).toMatchObject({
      gameId,
      status: 'active',
    });

    expect(await start(leader, gameId)).toMatchObject({
      status: 409,
      body: { error: M.gameRunning },
    });
    // The open invitation lapsed with the start.
    expect(await answerInvite(call, carl, lapsing, 'accepted')).toMatchObject({
      status: 409,
      body: { error: M.inviteClosed },
    });
    const refused = await Promise.all([
      call('POST', `/api/games/${gameId}/invites`, as(leader, { playerId: carl.id })),
      call('POST', `/api/games/${gameId}/participants/${anna.id}/kick`, as(leader)),
      call('POST', `/api/games/${gameId}/leave`, as(anna)),
      setup(leader, gameId),
    ]);
    for (const reply of refused) {
      expect(reply).toMatchObject({ status: 409, body: { error: M.gameRunning } });
    }
    expect(await lineup(call, leader, gameId)).toEqual([leader.id, anna.id]);

    // A scale runs one game at a time.
    const [other, bea] = await createAccounts(server, 2);
    const second = await rankedLobby(call, other, [bea]);
    expect(await setup(other, second, { scaleAddress: leader.mac })).toMatchObject({
      status: 409,
      body: { error: SCALE_BUSY },
    });

    // The leader may still call a running game off.
    expect((await call('POST', `/api/games/${gameId}/cancel`, as(leader))).status).toBe(200);
    expect((await game(anna, gameId)).status).toBe('cancelled');
  });

  it('sends a changed line-up of a set-up game to its scale; alone, the leader must set up again', async () => {
    const [leader, anna, ben, carl] = await createAccounts(server, 4);
    const gameId = await rankedLobby(call, leader, [anna, ben]);
    const scale = configuresTo(leader.mac);
    await setup(leader, gameId);
    expect(scale.seen).toHaveLength(1);

    const invite = await inviteTo(call, leader, gameId, carl);
    await answerInvite(call, carl, invite, 'accepted');
    expect((await game(leader, gameId)).status).toBe('configured');
    expect(scale.names(1)).toEqual([
      leader.playerName,
      anna.playerName,
      ben.playerName,
      carl.playerName,
    ]);

    const socket = await openSocket(`${server.wsUrl}/ws?token=${leader.token}`);
    socket.send({
      type: 'UPDATE_PARTICIPANT_ORDER',
      gameId,
      participantOrder: [carl, leader, ben, anna].map((a, position) => ({
        id: a.id,
        playerName: a.playerName,
        position,
      })),
    });
    await expect.poll(() => scale.seen.length).toBeGreaterThan(2);
    expect(scale.names(2)).toEqual([
      carl.playerName,
      leader.playerName,
      ben.playerName,
      anna.playerName,
    ]);
    socket.close();

    await call('POST', `/api/games/${gameId}/participants/${carl.id}/kick`, as(leader));
    await call('POST', `/api/games/${gameId}/leave`, as(ben));
    expect((await game(leader, gameId)).status).toBe('configured');
    expect(scale.names(3)).toEqual([leader.playerName, ben.playerName, anna.playerName]);
    expect(scale.names(4)).toEqual([leader.playerName, anna.playerName]);

    await call('POST', `/api/games/${gameId}/leave`, as(anna));
    expect((await game(leader, gameId)).status).toBe('pending');
    expect(await start(leader, gameId)).toMatchObject({
      status: 400,
      body: { error: VALIDATION.setupFirst },
    });
    // Back to pending, nothing is sent: the next set-up configures the scale again.
    expect(scale.seen).toHaveLength(5);
    scale.off();
  });

  it('plays a ranked game: ELO +16/-16 for two equal players, exactly once', async () => {
    const [leader, anna] = await createAccounts(server, 2);
    const gameId = await rankedLobby(call, leader, [anna]);
    const sAnna = await openSocket(`${server.wsUrl}/ws?token=${anna.token}`);
    const played = await playRanked(
      call,
      leader,
      gameId,
      [[0, 5]],
      await scales.connect(leader.mac),
    );
    expect(played.status).toBe('completed');
    expect(await sAnna.next('RANKED_GAME_STARTED')).toMatchObject({ gameId, gameName: 'Friday' });
    expect(await sAnna.next('GAME_COMPLETED')).toMatchObject({ gameId, gameName: 'Friday' });
    const byUser = Object.fromEntries(played.players.map((p: any) => [p.userId, p]));
    expect(byUser[leader.id]).toMatchObject({ rank: 1, eloBefore: 1200, eloAfter: 1216 });
    expect(byUser[anna.id]).toMatchObject({ rank: 2, eloBefore: 1200, eloAfter: 1184 });
    const history = await call('GET', `/api/users/${anna.id}/elo-history`, as(leader));
    expect(history.body).toEqual([
      expect.objectContaining({ gameId, gameName: 'Friday', eloBefore: 1200, eloAfter: 1184 }),
    ]);
    // Finishing again changes nothing: results were applied exactly once.
    expect((await call('POST', `/api/games/${gameId}/finish`, as(leader))).status).toBe(409);
    // A completed game is no longer open: both may join new games.
    expect((await call('GET', '/api/users/active-game', as(anna))).body).toEqual({
      activeGame: null,
    });
    expect((await call('POST', '/api/games', as(anna, { gameName: 'Revenge' }))).status).toBe(201);
    expect(
      await call('POST', `/api/games/${gameId}/invites`, as(leader, { playerId: anna.id })),
    ).toMatchObject({ status: 409, body: { error: M.gameOver } });
    sAnna.close();
  });

  it('moves four equal players by +16, +5.33, -5.33, -16', async () => {
    const players = await createAccounts(server, 4);
    const [leader, ...others] = players as [Account, Account, Account, Account];
    const gameId = await rankedLobby(call, leader, others, 'Four');
    const scale = await scales.connect(leader.mac);
    const played = await playRanked(call, leader, gameId, [[0, 1, 2, 3]], scale);
    const change = played.players.map(
      (p: any) => Math.round((p.eloAfter - p.eloBefore) * 100) / 100,
    );
    expect(change).toEqual([16, 5.33, -5.33, -16]);
  }, 60_000);

  it('starts a ranked game only on a paired scale that is connected', async () => {
    const [leader, anna] = await createAccounts(server, 2);
    const gameId = await rankedLobby(call, leader, [anna]);
    expect((await setup(leader, gameId)).status).toBe(200);
    // Never paired: nothing but typed readings could come of it.
    expect(await start(leader, gameId)).toMatchObject({
      status: 409,
      body: { error: M.rankedScaleNotPaired },
    });
    // Paired, but switched off at start.
    const scale = await scales.connect(leader.mac);
    scale.client.stop();
    await expect.poll(() => isConnected(leader.mac)).toBe(false);
    expect(await start(leader, gameId)).toMatchObject({
      status: 409,
      body: { error: M.rankedScaleNotConnected },
    });
    expect((await game(leader, gameId)).status).toBe('configured');
    // Switched on again: the game starts.
    await scales.connect(leader.mac);
    expect(await start(leader, gameId)).toMatchObject({ status: 200 });
    expect((await game(leader, gameId)).status).toBe('active');
    await call('POST', `/api/games/${gameId}/cancel`, as(leader));
  });

  it('marks typed readings, and rates no ranked game whose every reading was typed', async () => {
    const [leader, anna] = await createAccounts(server, 2);
    const gameId = await rankedLobby(call, leader, [anna]);
    await setup(leader, gameId, { rounds: 1 });
    await scales.connect(leader.mac);
    expect((await start(leader, gameId)).status).toBe(200);
    const played = await typeReadings(call, leader.token, gameId, 2, [[0, 5]]);
    expect(played).toMatchObject({
      status: 'completed',
      rated: false,
      rating: { status: 'unrated', reasons: ['typed'] },
    });
    for (const p of played.players) {
      expect(p.typedRounds).toEqual([0, 1]);
      expect(p.eloBefore).toBeNull();
      expect(p.eloAfter).toBeNull();
      expect(p.rank).not.toBeNull();
    }
    const users = await server.instance.database.db
      .selectFrom('users')
      .select(['current_elo', 'ranked_games_played'])
      .where('id', 'in', [leader.id, anna.id])
      .orderBy('id')
      .execute();
    expect(users).toEqual([
      { current_elo: 1200, ranked_games_played: 0 },
      { current_elo: 1200, ranked_games_played: 0 },
    ]);
    expect((await call('GET', `/api/users/${anna.id}/elo-history`, as(leader))).body).toEqual([]);
    const board = await call('GET', '/api/leaderboard', as(leader));
    expect(board.body.map((row: any) => row.id)).not.toContain(leader.id);
  });

  it('rates no game the scale weighed only in part (under 80 %), and marks only the typed readings', async () => {
    const [leader, anna] = await createAccounts(server, 2);
    const gameId = await rankedLobby(call, leader, [anna]);
    await setup(leader, gameId, { rounds: 1 });
    const scale = await scales.connect(leader.mac);
    expect((await start(leader, gameId)).status).toBe(200);
    await weighFirstContainer(call, leader.token, gameId, scale);
    const during = (await call('GET', `/api/games/${gameId}/state`, as(anna))).body.game;
    expect(during.rated).toBeNull();
    expect(during.players.map((p: any) => p.typedRounds)).toEqual([[], []]);
    const played = await typeReadings(call, leader.token, gameId, 2, [[0, 5]], 1);
    // One reading of four weighed: a ranked result needs at least 80 %.
    expect(played.rated).toBe(false);
    expect(played.rating).toEqual({ status: 'unrated', reasons: ['typed'] });
    expect(played.players.map((p: any) => p.typedRounds)).toEqual([[1], [0, 1]]);
    expect(played.players.map((p: any) => p.sources)).toEqual([
      ['scale', 'typed'],
      ['typed', 'typed'],
    ]);
    expect(played.players.map((p: any) => p.eloAfter)).toEqual([null, null]);
  });
});
