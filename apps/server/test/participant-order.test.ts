import { expect, it } from 'vitest';
import { LOBBY_MESSAGES as M } from '@beerscale/contract/games';
import { VALIDATION } from '@beerscale/contract/messages';
import type { Account } from './support/accounts';
import {
  answerInvite,
  createGame,
  inviteTo,
  lineup,
  rankedLobby,
  startRanked,
} from './support/ranked';
import { browserSockets, type TestSocket } from './support/socket-client';
import { describeEachDialect } from './support/each-dialect';
import { createAccount, createAccounts } from './support/factories';

// UPDATE_PARTICIPANT_ORDER: the leader's drag and drop over the socket, and its
// REST twin PUT /api/games/{id}/order.
describeEachDialect('participant order', {}, ({ server, call, scales }) => {
  const connect = browserSockets(server);
  const orderOf = (accounts: Account[]) =>
    accounts.map((a, position) => ({ id: a.id, playerName: a.playerName, position }));
  const reorder = (s: TestSocket, gameId: number, participantOrder: unknown) =>
    s.send({ type: 'UPDATE_PARTICIPANT_ORDER', gameId, participantOrder });
  const count = (s: TestSocket, type: string) => s.messages.filter((m) => m.type === type).length;

  it('persists the leader’s order as positions 0..n-1 and pushes it to the others only', async () => {
    const [leader, anna, ben, outsider] = await createAccounts(server, 4);
    const gameId = await rankedLobby(call, leader, [anna, ben]);
    const [L, A, B, O] = await Promise.all([leader, anna, ben, outsider].map(connect));

    // Positions in the message do not matter: the list's order does.
    const order = orderOf([ben, leader, anna]).map((o) => ({ ...o, position: 7 }));
    reorder(L!, gameId, order);
    expect(await A!.next('PARTICIPANTS_UPDATED')).toEqual({ type: 'PARTICIPANTS_UPDATED', gameId });
    expect(await B!.next('PARTICIPANTS_UPDATED')).toEqual({ type: 'PARTICIPANTS_UPDATED', gameId });
    const reordered = await call('GET', `/api/games/${gameId}/participants`, { token: anna.token });
    expect(reordered.body.map((p: any) => [p.id, p.position, p.isLeader])).toEqual([
      [ben.id, 0, false],
      [leader.id, 1, true],
      [anna.id, 2, false],
    ]);
    await Promise.all([L!, O!].map((s) => s.roundTrip()));
    expect(count(L!, 'PARTICIPANTS_UPDATED')).toBe(0);
    expect(count(L!, 'ERROR')).toBe(0);
    expect(count(O!, 'PARTICIPANTS_UPDATED')).toBe(0);

    // A newcomer joins at the end of the new order.
    const dora = await createAccount(server);
    const invite = await inviteTo(call, leader, gameId, dora);
    await answerInvite(call, dora, invite, 'accepted');
    expect(await lineup(call, leader, gameId)).toEqual([ben.id, leader.id, anna.id, dora.id]);
  });

  it('refuses others than the leader, wrong line-ups and closed games, changing nothing', async () => {
    const [leader, anna, ben, outsider] = await createAccounts(server, 4);
    const gameId = await rankedLobby(call, leader, [anna, ben]);
    const invitee = await createAccount(server);
    await inviteTo(call, leader, gameId, invitee);
    const [L, A, O, I] = await Promise.all([leader, anna, outsider, invitee].map(connect));
    const good = orderOf([ben, anna, leader]);

    reorder(A!, gameId, good);
    expect((await A!.next('ERROR')).message).toBe(M.leaderOnly);
    reorder(I!, gameId, good);
    expect((await I!.next('ERROR')).message).toBe(M.leaderOnly);
    reorder(O!, gameId, good);
    expect((await O!.next('ERROR')).message).toBe(M.gameNotFound);
    reorder(L!, 999999, good);
    expect((await L!.next('ERROR')).message).toBe(M.gameNotFound);

    const wrong = [
      orderOf([ben, anna]), // someone missing
      orderOf([ben, anna, leader, outsider]), // someone extra
      orderOf([ben, anna, outsider]), // someone else
      orderOf([ben, ben, leader]), // someone twice
      orderOf([ben, anna, leader, leader]),
    ];
    for (const order of wrong) {
      reorder(L!, gameId, order);
      expect((await L!.next('ERROR')).message).toBe(M.orderMismatch);
    }
    for (const malformed of [[], 'x', [{ id: 'a', playerName: 'x', position: 0 }]]) {
      reorder(L!, gameId, malformed);
      expect((await L!.next('ERROR')).message).toBe('Malformed message');
    }
    L!.send({ type: 'UPDATE_PARTICIPANT_ORDER', gameId: 'x', participantOrder: good });
    expect((await L!.next('ERROR')).message).toBe('Malformed message');

    await A!.roundTrip();
    expect(await lineup(call, leader, gameId)).toEqual([leader.id, anna.id, ben.id]);
    expect(count(A!, 'PARTICIPANTS_UPDATED')).toBe(0);

    // A started game keeps its order.
    await scales.connect(leader.mac);
    await startRanked(call, leader, gameId, leader.mac, { containerType: 'BEER_CAN' });
    reorder(L!, gameId, good);
    expect((await L!.next('ERROR')).message).toBe(M.gameRunning);
    await call('POST', `/api/games/${gameId}/cancel`, { token: leader.token });
    reorder(L!, gameId, good);
    expect((await L!.next('ERROR')).message).toBe(M.gameCancelled);
    expect(await lineup(call, leader, gameId)).toEqual([leader.id, anna.id, ben.id]);
  });

  it('takes the same order over REST, with the same rules', async () => {
    const [leader, anna, ben] = await createAccounts(server, 3);
    const gameId = await rankedLobby(call, leader, [anna, ben]);
    const A = await connect(anna);
    const put = (who: Account, body: unknown, id: number | string = gameId) =>
      call('PUT', `/api/games/${id}/order`, { token: who.token, body });

    expect(await put(anna, { participantOrder: orderOf([anna, ben, leader]) })).toMatchObject({
      status: 403,
      body: { error: M.leaderOnly },
    });
    expect(await put(leader, { participantOrder: orderOf([anna, leader]) })).toMatchObject({
      status: 400,
      body: { error: M.orderMismatch },
    });
    expect((await put(leader, {})).status).toBe(400);
    expect((await put(leader, { participantOrder: [] })).status).toBe(400);
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      id: i + 1,
      playerName: 'x',
      position: i,
    }));
    expect(await put(leader, { participantOrder: eleven })).toMatchObject({
      status: 400,
      body: { error: VALIDATION.tooManyPlayers },
    });
    expect((await put(leader, { participantOrder: orderOf([anna]), x: 1 })).status).toBe(400);
    expect((await put(leader, { participantOrder: orderOf([anna]) }, 'abc')).status).toBe(400);
    expect((await put(leader, { participantOrder: orderOf([anna]) }, 999999)).status).toBe(404);
    expect(await lineup(call, leader, gameId)).toEqual([leader.id, anna.id, ben.id]);

    const ok = await put(leader, { participantOrder: orderOf([anna, ben, leader]) });
    expect(ok.status).toBe(200);
    expect(await lineup(call, leader, gameId)).toEqual([anna.id, ben.id, leader.id]);
    expect(await A.next('PARTICIPANTS_UPDATED')).toEqual({ type: 'PARTICIPANTS_UPDATED', gameId });

    const solo = await createGame(call, await createAccount(server));
    expect((await put(leader, { participantOrder: orderOf([leader]) }, solo)).status).toBe(404);
  });
});
