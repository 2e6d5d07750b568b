import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOBBY_MESSAGES } from '@beerscale/contract/games';
import { VALIDATION } from '@beerscale/contract/messages';
import { runAdminCommand } from '../src/admin/admin-cli';
import { signUp, type Account } from './support/accounts';
import { httpClient, type HttpCall } from './support/http-client';
import { playRanked, rankedLobby } from './support/ranked';
import { openSocket, type TestSocket } from './support/socket-client';
import { startTestServer, type TestServer } from './support/test-server';
import { testDialects } from './support/test-database';

describe.each(testDialects())('ranked games on %s', (dialect) => {
  let server: TestServer;
  let call: HttpCall;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    call = httpClient(server.baseUrl);
  });
  afterAll(() => server.stop());

  const socketOf = (a: Account) => openSocket(`${server.wsUrl}/ws?token=${a.token}`);
  const settle = () => new Promise((r) => setTimeout(r, 250));
  const types = (s: TestSocket) => s.messages.map((m) => m.type).filter((t) => t !== 'PING');

  it('creates a game with a required name; the creator is its leader', async () => {
    const leader = await signUp(call);
    const blank = await call('POST', '/api/games', {
      token: leader.token,
      body: { gameName: '   ' },
    });
    expect(blank).toMatchObject({ status: 400, body: { error: VALIDATION.gameNameRequired } });
    const created = await call('POST', '/api/games', {
      token: leader.token,
      body: { gameName: 'Stammtisch' },
    });
    expect(created.status).toBe(201);
    const game = await call('GET', `/api/games/${created.body.gameId}`, { token: leader.token });
    expect(game.body).toMatchObject({
      name: 'Stammtisch',
      creator_id: leader.id,
      status: 'pending',
    });
    const participants = await call('GET', `/api/games/${created.body.gameId}/participants`, {
      token: leader.token,
    });
    expect(participants.body).toEqual([
      {
        id: leader.id,
        playerName: leader.playerName,
        currentElo: 1200,
        isLeader: true,
        position: 0,
      },
    ]);
    expect(
      (await call('GET', '/api/users/active-game', { token: leader.token })).body.activeGame,
    ).toMatchObject({
      gameId: created.body.gameId,
      gameName: 'Stammtisch',
      isLeader: true,
    });
    const second = await call('POST', '/api/games', {
      token: leader.token,
      body: { gameName: 'Two' },
    });
    expect(second).toMatchObject({
      status: 409,
      body: { error: LOBBY_MESSAGES.alreadyInOpenGame },
    });
  });

  it('sends every lobby event to exactly the right people', async () => {
    const [leader, anna, ben, outsider] = await Promise.all([
      signUp(call),
      signUp(call),
      signUp(call),
      signUp(call),
    ]);
    const sockets = await Promise.all([leader, anna, ben, outsider].map(socketOf));
    const [sLeader, sAnna, sBen, sOut] = sockets as [
      TestSocket,
      TestSocket,
      TestSocket,
      TestSocket,
    ];
    const { body } = await call('POST', '/api/games', {
      token: leader.token,
      body: { gameName: 'Events' },
    });
    const gameId = body.gameId;

    const inviteAnna = await call('POST', `/api/games/${gameId}/invites`, {
      token: leader.token,
      body: { playerId: anna.id },
    });
    expect(inviteAnna.status).toBe(201);
    expect(await sAnna.next('GAME_INVITATION')).toMatchObject({
      invitationId: inviteAnna.body.id,
      gameId,
      gameName: 'Events',
      inviter: { playerId: leader.id, playerName: leader.playerName },
    });
    const dup = await call('POST', `/api/games/${gameId}/invites`, {
      token: leader.token,
      body: { playerId: anna.id },
    });
    expect(dup).toMatchObject({ status: 409, body: { error: VALIDATION.alreadyInvited } });

    await call('PUT', `/api/games/invites/${inviteAnna.body.id}`, {
      token: anna.token,
      body: { status: 'accepted' },
    });
    expect(await sLeader.next('INVITATION_RESPONSE')).toMatchObject({
      status: 'accepted',
      playerId: anna.id,
    });
    expect(await sLeader.next('PLAYER_JOINED')).toMatchObject({ playerId: anna.id });
    const again = await call('POST', `/api/games/${gameId}/invites`, {
      token: leader.token,
      body: { playerId: anna.id },
    });
    expect(again).toMatchObject({ status: 409, body: { error: VALIDATION.alreadyInGame } });

    const inviteBen = await call('POST', `/api/games/${gameId}/invites`, {
      token: leader.token,
      body: { playerId: ben.id },
    });
    await sBen.next('GAME_INVITATION');
    await call('DELETE', `/api/games/${gameId}/invites/${inviteBen.body.id}`, {
      token: leader.token,
    });
    expect(await sBen.next('INVITATION_CANCELLED')).toMatchObject({
      invitationId: inviteBen.body.id,
      gameId,
    });
    const late = await call('PUT', `/api/games/invites/${inviteBen.body.id}`, {
      token: ben.token,
      body: { status: 'accepted' },
    });
    expect(late).toMatchObject({ status: 409, body: { error: LOBBY_MESSAGES.inviteClosed } });

    const reinvite = await call('POST', `/api/games/${gameId}/invites`, {
      token: leader.token,
      body: { playerId: ben.id },
    });
    await call('PUT', `/api/games/invites/${reinvite.body.id}`, {
      token: ben.token,
      body: { status: 'accepted' },
    });
    await sAnna.next('PLAYER_JOINED');

    await call('POST', `/api/games/${gameId}/participants/${ben.id}/kick`, { token: leader.token });
    expect(await sBen.next('PLAYER_KICKED')).toMatchObject({ gameId, gameName: 'Events' });
    expect(await sAnna.next('PLAYER_KICKED_NOTIFICATION')).toMatchObject({ playerId: ben.id });
    expect(await sLeader.next('PLAYER_KICKED_NOTIFICATION')).toMatchObject({ playerId: ben.id });

    await call('POST', `/api/games/${gameId}/leave`, { token: anna.token });
    expect(await sLeader.next('PLAYER_LEFT')).toMatchObject({
      playerId: anna.id,
      playerName: anna.playerName,
    });

    const back = await call('POST', `/api/games/${gameId}/invites`, {
      token: leader.token,
      body: { playerId: anna.id },
    });
    await call('PUT', `/api/games/invites/${back.body.id}`, {
      token: anna.token,
      body: { status: 'declined' },
    });
    expect(await sLeader.next('INVITATION_RESPONSE')).toMatchObject({
      status: 'declined',
      playerId: anna.id,
    });

    await call('POST', `/api/games/${gameId}/invites`, {
      token: leader.token,
      body: { playerId: ben.id },
    });
    await call('POST', `/api/games/${gameId}/cancel`, { token: leader.token });
    expect(await sBen.next('GAME_DELETED')).toMatchObject({ gameId, gameName: 'Events' });
    await settle();
    expect(types(sOut)).toEqual([]);
    expect(types(sLeader)).not.toContain('GAME_DELETED');
    sockets.forEach((s) => s.close());
  });

  it('keeps leader-only actions to the leader and refuses what the rules forbid', async () => {
    const [leader, anna, ben] = await Promise.all([signUp(call), signUp(call), signUp(call)]);
    const gameId = await rankedLobby(call, leader, [anna]);
    const as = (a: Account) => ({ token: a.token });
    const forbidden = [
      call('POST', `/api/games/${gameId}/invites`, { ...as(anna), body: { playerId: ben.id } }),
      call('POST', `/api/games/${gameId}/participants/${leader.id}/kick`, as(anna)),
      call('POST', `/api/games/${gameId}/cancel`, as(anna)),
      call('POST', `/api/games/${gameId}/setup-ranked`, {
        ...as(anna),
        body: { scaleAddress: anna.mac, containerType: 'BEER_CAN' },
      }),
      call('POST', `/api/games/${gameId}/start-ranked`, {
        ...as(anna),
        body: { scaleAddress: anna.mac, containerType: 'BEER_CAN' },
      }),
    ];
    for (const reply of await Promise.all(forbidden)) {
      expect(reply).toMatchObject({ status: 403, body: { error: LOBBY_MESSAGES.leaderOnly } });
    }
    expect((await call('GET', `/api/games/${gameId}`, as(ben))).status).toBe(404);
    expect((await call('POST', `/api/games/${gameId}/leave`, as(leader))).body.error).toBe(
      LOBBY_MESSAGES.leaderCannotLeave,
    );
    expect(
      (
        await call('POST', `/api/games/${gameId}/invites`, {
          ...as(leader),
          body: { playerId: leader.id },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('POST', `/api/games/${gameId}/invites`, {
          ...as(leader),
          body: { playerId: 999999 },
        })
      ).status,
    ).toBe(404);
    const start = await call('POST', `/api/games/${gameId}/start-ranked`, {
      ...as(leader),
      body: { scaleAddress: leader.mac, containerType: 'BEER_CAN' },
    });
    expect(start).toMatchObject({ status: 400, body: { error: VALIDATION.setupFirst } });
    const badMac = await call('POST', `/api/games/${gameId}/setup-ranked`, {
      ...as(leader),
      body: { scaleAddress: '12:34', containerType: 'BEER_CAN' },
    });
    expect(badMac).toMatchObject({ status: 400, body: { error: VALIDATION.invalidMac } });
    const owner = await signUp(call);
    await runAdminCommand(
      server.instance.database,
      ['assign-scale', '--mac', owner.mac, '--username', owner.username],
      () => {},
    );
    const foreign = await call('POST', `/api/games/${gameId}/setup-ranked`, {
      ...as(leader),
      body: { scaleAddress: owner.mac, containerType: 'BEER_CAN' },
    });
    expect(foreign.status).toBe(403);
    // Anna is in an open game: she cannot join another.
    const other = await call('POST', '/api/games', {
      token: ben.token,
      body: { gameName: 'Other' },
    });
    const invite = await call('POST', `/api/games/${other.body.gameId}/invites`, {
      token: ben.token,
      body: { playerId: anna.id },
    });
    const accept = await call('PUT', `/api/games/invites/${invite.body.id}`, {
      ...as(anna),
      body: { status: 'accepted' },
    });
    expect(accept).toMatchObject({
      status: 409,
      body: { error: LOBBY_MESSAGES.alreadyInOpenGame },
    });
    const solo = await rankedLobby(call, await signUp(call), []);
    const soloGame = await call('GET', `/api/games/${solo}`, as(ben));
    expect(soloGame.status).toBe(404);
  });

  it('needs another player before set-up', async () => {
    const leader = await signUp(call);
    const gameId = await rankedLobby(call, leader, []);
    const setup = await call('POST', `/api/games/${gameId}/setup-ranked`, {
      token: leader.token,
      body: { scaleAddress: leader.mac, containerType: 'BEER_BOTTLE' },
    });
    expect(setup).toMatchObject({ status: 400, body: { error: VALIDATION.inviteAtLeastOne } });
  });

  it('takes the new turn order from the leader over the socket only, validated, and pushes it', async () => {
    const [leader, anna, ben] = await Promise.all([signUp(call), signUp(call), signUp(call)]);
    const gameId = await rankedLobby(call, leader, [anna, ben]);
    const [sLeader, sAnna] = await Promise.all([socketOf(leader), socketOf(anna)]);
    const order = [ben, leader, anna].map((a, position) => ({
      id: a.id,
      playerName: a.playerName,
      position,
    }));

    sAnna.send({ type: 'UPDATE_PARTICIPANT_ORDER', gameId, participantOrder: order });
    expect((await sAnna.next('ERROR')).message).toBe(LOBBY_MESSAGES.leaderOnly);
    sLeader.send({ type: 'UPDATE_PARTICIPANT_ORDER', gameId, participantOrder: order.slice(0, 2) });
    expect((await sLeader.next('ERROR')).message).toBe(LOBBY_MESSAGES.orderMismatch);
    const unchanged = await call('GET', `/api/games/${gameId}/participants`, {
      token: leader.token,
    });
    expect(unchanged.body.map((p: any) => p.id)).toEqual([leader.id, anna.id, ben.id]);

    sLeader.send({ type: 'UPDATE_PARTICIPANT_ORDER', gameId, participantOrder: order });
    expect(await sAnna.next('PARTICIPANTS_UPDATED')).toEqual({
      type: 'PARTICIPANTS_UPDATED',
      gameId,
    });
    const reordered = await call('GET', `/api/games/${gameId}/participants`, { token: anna.token });
    expect(reordered.body.map((p: any) => [p.id, p.position])).toEqual([
      [ben.id, 0],
      [leader.id, 1],
      [anna.id, 2],
    ]);
    sLeader.close();
    sAnna.close();
  });

  it('plays a ranked game: ELO +16/-16 for two equal players, exactly once, and the leaderboard', async () => {
    const [leader, anna] = await Promise.all([signUp(call), signUp(call)]);
    const gameId = await rankedLobby(call, leader, [anna]);
    const sAnna = await socketOf(anna);
    const game = await playRanked(call, leader, gameId, [[0, 5]], leader.mac);
    expect(game.status).toBe('completed');
    expect(await sAnna.next('RANKED_GAME_STARTED')).toMatchObject({ gameId });
    expect(await sAnna.next('GAME_COMPLETED')).toMatchObject({ gameId, gameName: 'Friday' });
    const byUser = Object.fromEntries(game.players.map((p: any) => [p.userId, p]));
    expect(byUser[leader.id]).toMatchObject({ rank: 1, eloBefore: 1200, eloAfter: 1216 });
    expect(byUser[anna.id]).toMatchObject({ rank: 2, eloBefore: 1200, eloAfter: 1184 });

    const board = await call('GET', '/api/leaderboard?includeStatus=true&limit=50', {
      token: anna.token,
    });
    expect(board.status).toBe(200);
    const ids = board.body.map((e: any) => e.id);
    expect(ids.indexOf(leader.id)).toBeLessThan(ids.indexOf(anna.id));
    expect(board.body.find((e: any) => e.id === leader.id)).toMatchObject({
      playerName: leader.playerName,
      currentElo: 1216,
      gamesPlayed: 1,
      gamesWon: 1,
      averageMeanDifference: 0,
      status: 'logged_in',
    });
    const history = await call('GET', `/api/users/${anna.id}/elo-history`, { token: leader.token });
    expect(history.body).toEqual([
      expect.objectContaining({ gameId, gameName: 'Friday', eloBefore: 1200, eloAfter: 1184 }),
    ]);
    const home = await call('GET', '/api/home', { token: leader.token });
    expect(home.body.stats).toMatchObject({
      current_elo: 1216,
      peak_elo: 1216,
      games_played: 1,
      games_won: 1,
    });
    // Finishing again changes nothing: results were applied exactly once.
    expect(
      (await call('POST', `/api/games/${gameId}/finish`, { token: leader.token })).status,
    ).toBe(409);
    sAnna.close();
  });

  it('moves four equal players by +16, +5.33, -5.33, -16', async () => {
    const players = await Promise.all([signUp(call), signUp(call), signUp(call), signUp(call)]);
    const [leader, ...others] = players as [Account, Account, Account, Account];
    const gameId = await rankedLobby(call, leader, others, 'Four');
    const game = await playRanked(call, leader, gameId, [[0, 1, 2, 3]], leader.mac);
    const change = game.players.map((p: any) => Math.round((p.eloAfter - p.eloBefore) * 100) / 100);
    expect(change).toEqual([16, 5.33, -5.33, -16]);
  });

  it('validates the leaderboard query and leaves out players without ranked games', async () => {
    const fresh = await signUp(call);
    for (const q of ['limit=0', 'limit=51', 'limit=x', 'includeStatus=maybe', 'other=1']) {
      expect((await call('GET', `/api/leaderboard?${q}`, { token: fresh.token })).status).toBe(400);
    }
    const board = await call('GET', '/api/leaderboard?includeStatus=false&limit=2', {
      token: fresh.token,
    });
    expect(board.body.length).toBeLessThanOrEqual(2);
    expect(board.body.every((e: any) => e.status === undefined)).toBe(true);
    const all = await call('GET', '/api/leaderboard', { token: fresh.token });
    expect(all.body.some((e: any) => e.id === fresh.id)).toBe(false);
    expect((await call('GET', '/api/leaderboard')).status).toBe(401);
  });
});
