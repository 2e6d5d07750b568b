import { describe, expect, it } from 'vitest';
import { LOBBY_MESSAGES as M } from '@beerscale/contract/games';
import { VALIDATION } from '@beerscale/contract/messages';
import type { Account } from './support/accounts';
import { answerInvite, createGame, inviteTo, lineup, rankedLobby } from './support/ranked';
import { describeEachDialect } from './support/each-dialect';
import { createAccount, createAccounts } from './support/factories';

// The ranked lobby's calls and every refusal: bad input, access and the rate limits.
describeEachDialect('ranked lobby', {}, ({ server, call }) => {
  const as = (a: Account, body?: unknown) => ({ token: a.token, body });
  const game = async (reader: Account, gameId: number) =>
    (await call('GET', `/api/games/${gameId}`, as(reader))).body;
  const pendingInvites = async (leader: Account, gameId: number) =>
    (await call('GET', `/api/games/${gameId}/invites`, as(leader))).body as any[];

  describe('POST /api/games', () => {
    it('creates a pending ranked game with the trimmed name; the creator leads at position 0', async () => {
      const leader = await createAccount(server);
      const created = await call('POST', '/api/games', as(leader, { gameName: '  Stammtisch ' }));
      expect(created.status).toBe(201);
      // SPEC's { gameId }, and the join code of its seats (docs/ARCHITECTURE.md, Seats).
      expect(created.body).toEqual({
        gameId: expect.any(Number),
        joinCode: expect.stringMatching(/^[ABCDEFGHJKLMNPQRSTUVWXYZ2-9]{4}$/),
      });
      const gameId = created.body.gameId;
      expect(await game(leader, gameId)).toMatchObject({
        id: gameId,
        name: 'Stammtisch',
        creator_id: leader.id,
        status: 'pending',
        scale_mac: null,
        container_type: null,
      });
      const participants = await call('GET', `/api/games/${gameId}/participants`, as(leader));
      expect(participants.body).toEqual([
        {
          id: leader.id,
          playerName: leader.playerName,
          currentElo: 1200,
          isLeader: true,
          position: 0,
        },
      ]);
      const row = await server.instance.database.db
        .selectFrom('games')
        .select(['mode', 'rng_seed'])
        .where('id', '=', gameId)
        .executeTakeFirstOrThrow();
      expect(row.mode).toBe('ranked');
      expect(Number.isInteger(row.rng_seed)).toBe(true);
    });

    it('requires a name of at most 60 characters in a strict body', async () => {
      const user = await createAccount(server);
      const cases: [unknown, string][] = [
        [{ gameName: '   ' }, VALIDATION.gameNameRequired],
        [{ gameName: '' }, VALIDATION.gameNameRequired],
        [{}, VALIDATION.gameNameRequired],
        [{ gameName: 42 }, VALIDATION.gameNameRequired],
        [{ gameName: 'x'.repeat(61) }, 'Game name must be 60 characters or less'],
      ];
      for (const [body, error] of cases) {
        const reply = await call('POST', '/api/games', as(user, body));
        expect(reply).toMatchObject({ status: 400, body: { error } });
      }
      const extra = await call('POST', '/api/games', as(user, { gameName: 'A', mode: 'fast' }));
      expect(extra.status).toBe(400);
      const raw = await call('POST', '/api/games', { token: user.token, rawBody: '{"gameName":' });
      expect(raw.status).toBe(400);
      expect((await call('POST', '/api/games', { body: { gameName: 'A' } })).status).toBe(401);
      // Nothing was created by any refusal: the user is still free to create one.
      expect((await call('GET', '/api/users/active-game', as(user))).body).toEqual({
        activeGame: null,
      });
      expect(
        (await call('POST', '/api/games', as(user, { gameName: 'x'.repeat(60) }))).status,
      ).toBe(201);
    });
  });

  describe('reading a game', () => {
    it('lets participants and pending invitees read; anyone else gets 404', async () => {
      const [leader, anna, ben, outsider] = await createAccounts(server, 4);
      const gameId = await rankedLobby(call, leader, [anna], 'Readers');
      await inviteTo(call, leader, gameId, ben);
      for (const reader of [leader, anna, ben]) {
        expect(await game(reader, gameId)).toMatchObject({ name: 'Readers', status: 'pending' });
        expect(await lineup(call, reader, gameId)).toEqual([leader.id, anna.id]);
      }
      for (const path of [`/api/games/${gameId}`, `/api/games/${gameId}/participants`]) {
        expect(await call('GET', path, as(outsider))).toMatchObject({
          status: 404,
          body: { error: M.gameNotFound },
        });
      }
      expect((await call('GET', '/api/games/999999', as(leader))).status).toBe(404);
      for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
        expect((await call('GET', `/api/games/${bad}`, as(leader))).status).toBe(400);
        expect((await call('GET', `/api/games/${bad}/participants`, as(leader))).status).toBe(400);
      }
    });

    it('validates a saved game id: exists and isActive for its players only', async () => {
      const [leader, outsider] = await createAccounts(server, 2);
      const gameId = await createGame(call, leader);
      const mine = await call('GET', `/api/games/${gameId}/validate`, as(leader));
      // An open lobby is the player's current game: a saved id must survive the focus check.
      expect(mine.body).toEqual({ exists: true, isActive: true });
      const theirs = await call('GET', `/api/games/${gameId}/validate`, as(outsider));
      expect(theirs.body).toEqual({ exists: false, isActive: false });
      const none = await call('GET', '/api/games/999999/validate', as(leader));
      expect(none.body).toEqual({ exists: false, isActive: false });
    });

    it("reports the caller's open ranked game", async () => {
      const [leader, anna] = await createAccounts(server, 2);
      const active = (a: Account) => call('GET', '/api/users/active-game', as(a));
      expect((await active(anna)).body).toEqual({ activeGame: null });
      const gameId = await rankedLobby(call, leader, [anna], 'Open');
      expect((await active(leader)).body.activeGame).toMatchObject({
        gameId,
        gameName: 'Open',
        isLeader: true,
        status: 'pending',
      });
      expect((await active(anna)).body.activeGame).toMatchObject({ gameId, isLeader: false });
      await call('POST', `/api/games/${gameId}/cancel`, as(leader));
      expect((await active(leader)).body).toEqual({ activeGame: null });
      expect((await active(anna)).body).toEqual({ activeGame: null });
      expect((await call('GET', '/api/users/active-game')).status).toBe(401);
    });
  });

  describe('invitations', () => {
    it('lets the leader invite a registered player once; the invitee accepts at the end', async () => {
      const [leader, anna, ben] = await createAccounts(server, 3);
      const gameId = await rankedLobby(call, leader, [anna]);
      const invite = await call(
        'POST',
        `/api/games/${gameId}/invites`,
        as(leader, { playerId: ben.id }),
      );
      expect(invite.status).toBe(201);
      expect(invite.body).toEqual({ id: expect.any(Number) });
      expect(await pendingInvites(leader, gameId)).toEqual([
        {
          id: invite.body.id,
          inviteId: invite.body.id,
          status: 'pending',
          player: { id: ben.id, playerName: ben.playerName, currentElo: 1200 },
        },
      ]);
      expect((await call('GET', '/api/games/invites/mine', as(ben))).body).toEqual([
        {
          id: invite.body.id,
          inviteId: invite.body.id,
          gameId,
          gameName: 'Friday',
          inviter: { playerId: leader.id, playerName: leader.playerName },
        },
      ]);

      const again = await call(
        'POST',
        `/api/games/${gameId}/invites`,
        as(leader, { playerId: ben.id }),
      );
      expect(again).toMatchObject({ status: 409, body: { error: VALIDATION.alreadyInvited } });
      const member = await call(
        'POST',
        `/api/games/${gameId}/invites`,
        as(leader, { playerId: anna.id }),
      );
      expect(member).toMatchObject({ status: 409, body: { error: VALIDATION.alreadyInGame } });

      const accepted = await answerInvite(call, ben, invite.body.id, 'accepted');
      expect(accepted).toMatchObject({ status: 200, body: { status: 'accepted', gameId } });
      expect(await lineup(call, leader, gameId)).toEqual([leader.id, anna.id, ben.id]);
      const participants = (await call('GET', `/api/games/${gameId}/participants`, as(ben))).body;
      expect(participants.map((p: any) => [p.position, p.isLeader])).toEqual([
        [0, true],
        [1, false],
        [2, false],
      ]);
      expect(await pendingInvites(leader, gameId)).toEqual([]);
      expect((await call('GET', '/api/games/invites/mine', as(ben))).body).toEqual([]);
      const twice = await answerInvite(call, ben, invite.body.id, 'declined');
      expect(twice).toMatchObject({ status: 409, body: { error: M.inviteClosed } });
      expect(await lineup(call, leader, gameId)).toEqual([leader.id, anna.id, ben.id]);
    });

    it('refuses invitations from others than the leader, to oneself, to nobody, with a bad body', async () => {
      const [leader, anna, ben, outsider] = await createAccounts(server, 4);
      const gameId = await rankedLobby(call, leader, [anna]);
      const path = `/api/games/${gameId}/invites`;
      expect(await call('POST', path, as(anna, { playerId: ben.id }))).toMatchObject({
        status: 403,
        body: { error: M.leaderOnly },
      });
      expect(await call('POST', path, as(outsider, { playerId: ben.id }))).toMatchObject({
        status: 404,
        body: { error: M.gameNotFound },
      });
      expect(await call('POST', path, as(leader, { playerId: leader.id }))).toMatchObject({
        status: 400,
        body: { error: M.inviteYourself },
      });
      expect(await call('POST', path, as(leader, { playerId: 999999 }))).toMatchObject({
        status: 404,
        body: { error: M.playerNotFound },
      });
      for (const body of [{}, { playerId: 'x' }, { playerId: -3 }, { playerId: ben.id, x: 1 }]) {
        expect((await call('POST', path, as(leader, body))).status).toBe(400);
      }
      expect(
        (await call('POST', '/api/games/999999/invites', as(leader, { playerId: ben.id }))).status,
      ).toBe(404);
      expect(
        (await call('POST', '/api/games/x/invites', as(leader, { playerId: ben.id }))).status,
      ).toBe(400);
      expect((await call('GET', path, as(anna))).status).toBe(403);
      expect(await pendingInvites(leader, gameId)).toEqual([]);
    });

    it('answers: only the invitee, accepted or declined, once; a declined invitee can be invited anew', async () => {
      const [leader, anna, ben] = await createAccounts(server, 3);
      const gameId = await createGame(call, leader);
      const inviteId = await inviteTo(call, leader, gameId, anna);
      for (const someone of [leader, ben]) {
        expect(await answerInvite(call, someone, inviteId, 'accepted')).toMatchObject({
          status: 404,
          body: { error: M.inviteNotFound },
        });
      }
      const bad = await call(
        'PUT',
        `/api/games/invites/${inviteId}`,
        as(anna, { status: 'maybe' }),
      );
      expect(bad).toMatchObject({
        status: 400,
        body: { error: "Status must be 'accepted' or 'declined'" },
      });
      expect((await call('PUT', `/api/games/invites/${inviteId}`, as(anna, {}))).status).toBe(400);
      expect(
        (await call('PUT', '/api/games/invites/abc', as(anna, { status: 'accepted' }))).status,
      ).toBe(400);
      expect(await answerInvite(call, anna, 999999, 'accepted')).toMatchObject({
        status: 404,
        body: { error: M.inviteNotFound },
      });

      const declined = await answerInvite(call, anna, inviteId, 'declined');
      expect(declined).toMatchObject({ status: 200, body: { status: 'declined' } });
      expect(declined.body.gameId).toBeUndefined();
      expect(await lineup(call, leader, gameId)).toEqual([leader.id]);
      expect(await answerInvite(call, anna, inviteId, 'accepted')).toMatchObject({
        status: 409,
        body: { error: M.inviteClosed },
      });
      expect((await call('GET', `/api/games/${gameId}`, as(anna))).status).toBe(404);

      const anew = await inviteTo(call, leader, gameId, anna);
      expect((await answerInvite(call, anna, anew, 'accepted')).body).toEqual({
        status: 'accepted',
        gameId,
      });
      expect(await lineup(call, leader, gameId)).toEqual([leader.id, anna.id]);
    });

    it('lets the leader cancel a pending invitation, which can then not be answered', async () => {
      const [leader, anna, ben, outsider] = await createAccounts(server, 4);
      const gameId = await rankedLobby(call, leader, [anna]);
      const inviteId = await inviteTo(call, leader, gameId, ben);
      const path = `/api/games/${gameId}/invites/${inviteId}`;
      expect(await call('DELETE', path, as(anna))).toMatchObject({
        status: 403,
        body: { error: M.leaderOnly },
      });
      expect((await call('DELETE', path, as(outsider))).status).toBe(404);
      const otherGame = await createGame(call, outsider);
      expect(
        await call('DELETE', `/api/games/${otherGame}/invites/${inviteId}`, as(outsider)),
      ).toMatchObject({ status: 404, body: { error: M.inviteNotFound } });
      expect(await call('DELETE', `/api/games/${gameId}/invites/999999`, as(leader))).toMatchObject(
        {
          status: 404,
          body: { error: M.inviteNotFound },
        },
      );
      expect((await call('DELETE', `/api/games/${gameId}/invites/x`, as(leader))).status).toBe(400);
      expect(await pendingInvites(leader, gameId)).toHaveLength(1);

      expect((await call('DELETE', path, as(leader))).status).toBe(200);
      expect(await pendingInvites(leader, gameId)).toEqual([]);
      expect(await call('DELETE', path, as(leader))).toMatchObject({
        status: 409,
        body: { error: M.inviteClosed },
      });
      expect(await answerInvite(call, ben, inviteId, 'accepted')).toMatchObject({
        status: 409,
        body: { error: M.inviteClosed },
      });
      expect(await lineup(call, leader, gameId)).toEqual([leader.id, anna.id]);
      const accepted = await inviteTo(call, leader, gameId, outsider);
      await answerInvite(call, outsider, accepted, 'declined');
      expect(
        await call('DELETE', `/api/games/${gameId}/invites/${accepted}`, as(leader)),
      ).toMatchObject({ status: 409, body: { error: M.inviteClosed } });
    });

    it('holds at most 10 players', async () => {
      const players = await Promise.all(Array.from({ length: 11 }, () => createAccount(server)));
      const [leader, ...others] = players as [Account, ...Account[]];
      const gameId = await rankedLobby(call, leader, others.slice(0, 8));
      const ninth = await inviteTo(call, leader, gameId, others[8]!);
      const tenth = await inviteTo(call, leader, gameId, others[9]!);
      expect((await answerInvite(call, others[8]!, ninth, 'accepted')).status).toBe(200);
      expect(await lineup(call, leader, gameId)).toHaveLength(10);
      expect(await answerInvite(call, others[9]!, tenth, 'accepted')).toMatchObject({
        status: 409,
        body: { error: VALIDATION.tooManyPlayers },
      });
      expect(await pendingInvites(leader, gameId)).toHaveLength(1);
      await call('DELETE', `/api/games/${gameId}/invites/${tenth}`, as(leader));
      expect(
        await call('POST', `/api/games/${gameId}/invites`, as(leader, { playerId: others[9]!.id })),
      ).toMatchObject({ status: 409, body: { error: VALIDATION.tooManyPlayers } });
      expect(await lineup(call, leader, gameId)).toHaveLength(10);
    });
  });

  describe('kick and leave', () => {
    it('lets the leader kick another participant, who can be invited anew', async () => {
      const [leader, anna, ben, outsider] = await createAccounts(server, 4);
      const gameId = await rankedLobby(call, leader, [anna, ben]);
      const kick = (by: Account, who: number | string) =>
        call('POST', `/api/games/${gameId}/participants/${who}/kick`, as(by));
      expect(await kick(anna, ben.id)).toMatchObject({
        status: 403,
        body: { error: M.leaderOnly },
      });
      expect(await kick(outsider, ben.id)).toMatchObject({
        status: 404,
        body: { error: M.gameNotFound },
      });
      expect(await kick(leader, leader.id)).toMatchObject({
        status: 400,
        body: { error: M.leaderCannotKick },
      });
      expect(await kick(leader, outsider.id)).toMatchObject({
        status: 404,
        body: { error: M.notAParticipant },
      });
      expect((await kick(leader, 'x')).status).toBe(400);
      expect(
        (await call('POST', `/api/games/999999/participants/${ben.id}/kick`, as(leader))).status,
      ).toBe(404);
      expect(await lineup(call, leader, gameId)).toEqual([leader.id, anna.id, ben.id]);

      expect(await kick(leader, anna.id)).toMatchObject({ status: 200 });
      const after = (await call('GET', `/api/games/${gameId}/participants`, as(leader))).body;
      expect(after.map((p: any) => [p.id, p.position])).toEqual([
        [leader.id, 0],
        [ben.id, 1],
      ]);
      expect((await call('GET', `/api/games/${gameId}`, as(anna))).status).toBe(404);
      expect((await call('GET', '/api/users/active-game', as(anna))).body.activeGame).toBeNull();
      const back = await inviteTo(call, leader, gameId, anna);
      expect((await answerInvite(call, anna, back, 'accepted')).status).toBe(200);
      expect(await lineup(call, leader, gameId)).toEqual([leader.id, ben.id, anna.id]);
    });

    it('lets participants other than the leader leave', async () => {
      const [leader, anna, ben, outsider] = await createAccounts(server, 4);
      const gameId = await rankedLobby(call, leader, [anna, ben]);
      const leave = (who: Account) => call('POST', `/api/games/${gameId}/leave`, as(who));
      expect(await leave(leader)).toMatchObject({
        status: 409,
        body: { error: M.leaderCannotLeave },
      });
      expect(await leave(outsider)).toMatchObject({ status: 404, body: { error: M.gameNotFound } });
      const invitee = await createAccount(server);
      await inviteTo(call, leader, gameId, invitee);
      expect(await leave(invitee)).toMatchObject({ status: 404, body: { error: M.gameNotFound } });
      expect((await call('POST', '/api/games/abc/leave', as(anna))).status).toBe(400);
      expect(await lineup(call, leader, gameId)).toEqual([leader.id, anna.id, ben.id]);

      expect(await leave(anna)).toMatchObject({
        status: 200,
        body: { message: 'Left the game successfully' },
      });
      expect(await lineup(call, leader, gameId)).toEqual([leader.id, ben.id]);
      expect(await leave(anna)).toMatchObject({ status: 404 });
      expect((await call('GET', '/api/users/active-game', as(anna))).body.activeGame).toBeNull();
    });
  });

  describe('cancel', () => {
    it('is the leader’s; afterwards nothing changes the game any more', async () => {
      const [leader, anna, ben, carl] = await createAccounts(server, 4);
      const gameId = await rankedLobby(call, leader, [anna, ben]);
      const lapsing = await inviteTo(call, leader, gameId, carl);
      const cancel = (who: Account) => call('POST', `/api/games/${gameId}/cancel`, as(who));
      expect(await cancel(anna)).toMatchObject({ status: 403, body: { error: M.leaderOnly } });
      expect((await game(leader, gameId)).status).toBe('pending');

      expect((await cancel(leader)).status).toBe(200);
      expect(await game(anna, gameId)).toMatchObject({ status: 'cancelled' });
      expect(await cancel(leader)).toMatchObject({ status: 409, body: { error: M.gameCancelled } });
      expect(await answerInvite(call, carl, lapsing, 'accepted')).toMatchObject({
        status: 409,
        body: { error: M.inviteClosed },
      });
      const refused = [
        call('POST', `/api/games/${gameId}/invites`, as(leader, { playerId: carl.id })),
        call('POST', `/api/games/${gameId}/participants/${anna.id}/kick`, as(leader)),
        call('POST', `/api/games/${gameId}/leave`, as(ben)),
        call('POST', `/api/games/${gameId}/setup-ranked`, {
          ...as(leader),
          body: { scaleAddress: leader.mac, containerType: 'BEER_CAN' },
        }),
      ];
      for (const reply of await Promise.all(refused)) {
        expect(reply).toMatchObject({ status: 409, body: { error: M.gameCancelled } });
      }
      expect(
        await call('POST', `/api/games/${gameId}/start-ranked`, {
          ...as(leader),
          body: { scaleAddress: leader.mac, containerType: 'BEER_CAN' },
        }),
      ).toMatchObject({ status: 409, body: { error: M.gameCancelled } });
      expect(await lineup(call, leader, gameId)).toEqual([leader.id, anna.id, ben.id]);
      expect((await call('POST', '/api/games/999999/cancel', as(leader))).status).toBe(404);
    });
  });
});
