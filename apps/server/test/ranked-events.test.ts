import { expect, it, vi } from 'vitest';
import type { Account } from './support/accounts';
import { answerInvite, createGame, inviteTo } from './support/ranked';
import { browserSockets, type TestSocket } from './support/socket-client';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';

// A ranked lobby's live events reach exactly the people they concern: every socket of every
// player is open, and after each step each socket must have heard exactly what is listed.
describeEachDialect('ranked lobby events', {}, ({ server, call, scales }) => {
  const as = (a: Account, body?: unknown) => ({ token: a.token, body });
  const browser = browserSockets(server);
  const connect = async (a: Account) => {
    const socket = await browser(a);
    // The client is open before the server has checked the token and indexed the socket; a
    // PONG comes only after that (messages wait for the verdict), so events cannot miss it.
    socket.send({ type: 'PING' });
    await socket.next('PONG');
    return socket;
  };
  // GAME_STATE snapshots (the play domain's), heartbeats and round trips are not lobby events.
  const lobbyMessages = (s: TestSocket, from: number) =>
    s.messages.slice(from).filter((m) => !['PING', 'PONG', 'GAME_STATE'].includes(m.type));

  type Heard = [TestSocket, unknown[]][];

  /**
   * Runs `action`, then checks that every socket of `everyone` heard exactly `expected` (in
   * order) and nothing else; sockets not listed must hear nothing.
   */
  async function step(
    everyone: TestSocket[],
    action: () => Promise<unknown>,
    expectation: Heard | (() => Heard),
  ) {
    const marks = new Map(everyone.map((s) => [s, s.messages.length]));
    await action();
    // A function when the messages name what the action created (an invitation's id).
    const expected = typeof expectation === 'function' ? expectation() : expectation;
    const heard = (s: TestSocket) => lobbyMessages(s, marks.get(s) ?? 0);
    await vi.waitFor(() => {
      for (const [s, want] of expected) expect(heard(s).length).toBeGreaterThanOrEqual(want.length);
    });
    // Anything sent to the wrong socket went out with the expected ones: it has arrived by now.
    await Promise.all(everyone.map((s) => s.roundTrip()));
    for (const s of everyone) {
      const want = expected.filter(([x]) => x === s).flatMap(([, messages]) => messages);
      expect(heard(s)).toEqual(want);
    }
  }

  it('sends each lobby event to exactly the right people', async () => {
    const [leader, anna, ben, carl, outsider] = (await Promise.all(
      Array.from({ length: 5 }, () => createAccount(server)),
    )) as [Account, Account, Account, Account, Account];
    const L = await connect(leader);
    const A = await connect(anna);
    const A2 = await connect(anna); // a second tab hears the same
    const B = await connect(ben);
    const C = await connect(carl);
    const O = await connect(outsider);
    const all = [L, A, A2, B, C, O];
    const ref = (a: Account) => ({ gameId, playerId: a.id, playerName: a.playerName });
    const updated = () => ({ type: 'PARTICIPANTS_UPDATED', gameId });
    const invitation = (invitationId: number) => ({
      type: 'GAME_INVITATION',
      invitationId,
      gameId,
      gameName: 'Events',
      inviter: { playerId: leader.id, playerName: leader.playerName },
    });

    let gameId = 0;
    await step(all, async () => (gameId = await createGame(call, leader, 'Events')), []);

    let inviteId = 0;
    await step(
      all,
      async () => (inviteId = await inviteTo(call, leader, gameId, anna)),
      () => [
        [A, [invitation(inviteId)]],
        [A2, [invitation(inviteId)]],
      ],
    );

    const joined = (a: Account) => [{ type: 'PLAYER_JOINED', ...ref(a) }, updated()];
    await step(all, () => answerInvite(call, anna, inviteId, 'accepted'), [
      [L, [{ type: 'INVITATION_RESPONSE', status: 'accepted', ...ref(anna) }, ...joined(anna)]],
    ]);

    // A refusal (a second invitation of a member) announces nothing.
    await step(
      all,
      () => call('POST', `/api/games/${gameId}/invites`, as(leader, { playerId: anna.id })),
      [],
    );

    let benInvite = 0;
    const inviteBen = async () => (benInvite = await inviteTo(call, leader, gameId, ben));
    await step(all, inviteBen, () => [[B, [invitation(benInvite)]]]);
    await step(all, () => answerInvite(call, ben, benInvite, 'declined'), [
      [L, [{ type: 'INVITATION_RESPONSE', status: 'declined', ...ref(ben) }]],
    ]);

    await step(all, inviteBen, () => [[B, [invitation(benInvite)]]]);
    await step(all, () => call('DELETE', `/api/games/${gameId}/invites/${benInvite}`, as(leader)), [
      [B, [{ type: 'INVITATION_CANCELLED', invitationId: benInvite, gameId, gameName: 'Events' }]],
    ]);

    await step(all, inviteBen, () => [[B, [invitation(benInvite)]]]);
    await step(all, () => answerInvite(call, ben, benInvite, 'accepted'), [
      [L, [{ type: 'INVITATION_RESPONSE', status: 'accepted', ...ref(ben) }, ...joined(ben)]],
      [A, joined(ben)],
      [A2, joined(ben)],
    ]);

    let carlInvite = 0;
    await step(
      all,
      async () => (carlInvite = await inviteTo(call, leader, gameId, carl)),
      () => [[C, [invitation(carlInvite)]]],
    );
    await step(all, () => answerInvite(call, carl, carlInvite, 'accepted'), [
      [L, [{ type: 'INVITATION_RESPONSE', status: 'accepted', ...ref(carl) }, ...joined(carl)]],
      [A, joined(carl)],
      [A2, joined(carl)],
      [B, joined(carl)],
    ]);

    const order = [carl, ben, anna, leader].map((a, position) => ({
      id: a.id,
      playerName: a.playerName,
      position,
    }));
    await step(
      all,
      async () => L.send({ type: 'UPDATE_PARTICIPANT_ORDER', gameId, participantOrder: order }),
      [
        [A, [updated()]],
        [A2, [updated()]],
        [B, [updated()]],
        [C, [updated()]],
      ],
    );

    const kicked = [{ type: 'PLAYER_KICKED_NOTIFICATION', ...ref(carl) }, updated()];
    await step(
      all,
      () => call('POST', `/api/games/${gameId}/participants/${carl.id}/kick`, as(leader)),
      [
        [C, [{ type: 'PLAYER_KICKED', gameId, gameName: 'Events' }]],
        [L, kicked],
        [A, kicked],
        [A2, kicked],
        [B, kicked],
      ],
    );

    const left = [{ type: 'PLAYER_LEFT', ...ref(ben) }, updated()];
    await step(all, () => call('POST', `/api/games/${gameId}/leave`, as(ben)), [
      [L, left],
      [A, left],
      [A2, left],
    ]);

    // Invitations still open when the game starts lapse, and their holders are told.
    let again: number[] = [];
    await step(
      all,
      async () =>
        (again = [
          await inviteTo(call, leader, gameId, ben),
          await inviteTo(call, leader, gameId, carl),
        ]),
      () => [
        [B, [invitation(again[0]!)]],
        [C, [invitation(again[1]!)]],
      ],
    );
    await step(
      all,
      () =>
        call('POST', `/api/games/${gameId}/setup-ranked`, {
          ...as(leader),
          body: { scaleAddress: leader.mac, containerType: 'BEER_CAN' },
        }),
      // The other members' lobbies refresh to show the set-up; invitees are not in it yet.
      [
        [A, [updated()]],
        [A2, [updated()]],
      ],
    );
    await scales.connect(leader.mac);
    const started = { type: 'RANKED_GAME_STARTED', gameId, gameName: 'Events' };
    const lapsed = (invitationId: number) => ({
      type: 'INVITATION_CANCELLED',
      invitationId,
      gameId,
      gameName: 'Events',
    });
    await step(
      all,
      () =>
        call('POST', `/api/games/${gameId}/start-ranked`, {
          ...as(leader),
          body: { scaleAddress: leader.mac, containerType: 'BEER_CAN' },
        }),
      [
        [L, [started]],
        [A, [started]],
        [A2, [started]],
        [B, [lapsed(again[0]!)]],
        [C, [lapsed(again[1]!)]],
      ],
    );

    const deleted = { type: 'GAME_DELETED', gameId, gameName: 'Events' };
    await step(all, () => call('POST', `/api/games/${gameId}/cancel`, as(leader)), [
      [A, [deleted]],
      [A2, [deleted]],
    ]);
  });

  it('tells the other participants (game deleted) and the pending invitees (invitation cancelled) when the leader cancels', async () => {
    const [leader, anna, ben, carl, dora] = (await Promise.all(
      Array.from({ length: 5 }, () => createAccount(server)),
    )) as [Account, Account, Account, Account, Account];
    const gameId = await createGame(call, leader, 'Doomed');
    await answerInvite(call, anna, await inviteTo(call, leader, gameId, anna), 'accepted');
    const pending = await inviteTo(call, leader, gameId, ben);
    await answerInvite(call, carl, await inviteTo(call, leader, gameId, carl), 'declined');
    const cancelled = await inviteTo(call, leader, gameId, dora);
    await call('DELETE', `/api/games/${gameId}/invites/${cancelled}`, as(leader));

    const sockets = await Promise.all([leader, anna, ben, carl, dora].map(connect));
    const [L, A, B, C, D] = sockets as [TestSocket, TestSocket, TestSocket, TestSocket, TestSocket];
    const deleted = { type: 'GAME_DELETED', gameId, gameName: 'Doomed' };
    // A pending invitee was never in the game: the invitation lapses, like a cancelled one.
    const lapsed = {
      type: 'INVITATION_CANCELLED',
      invitationId: pending,
      gameId,
      gameName: 'Doomed',
    };
    await step([L, A, B, C, D], () => call('POST', `/api/games/${gameId}/cancel`, as(leader)), [
      [A, [deleted]],
      [B, [lapsed]],
    ]);
  });
});
