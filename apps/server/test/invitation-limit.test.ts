import { expect, it } from 'vitest';
import { LOBBY_MESSAGES as M } from '@beerscale/contract/games';
import { loadConfig } from '../src/config';
import { httpClient } from './support/http-client';
import { createGame } from './support/ranked';
import { openSocket } from './support/socket-client';
import { startTestServer } from './support/test-server';
import { describeEachDialect } from './support/each-dialect';
import { createAccount, createAccounts } from './support/factories';

// Invite/cancel cycles must not flood a player with notifications: 30 invitations per game per
// minute by default, counted in the tables (so across instances and racing requests alike).
describeEachDialect('invitations per game and minute', {}, ({ dialect, server, call }) => {
  it('refuses the 31st invitation of a game within a minute with 429, sending nothing', async () => {
    const [leader, target, other] = await createAccounts(server, 3);
    const gameId = await createGame(call, leader, 'Spam');
    const socket = await openSocket(`${server.wsUrl}/ws?token=${target.token}`);
    // A PONG comes once the server indexed the socket: no invitation can miss it.
    socket.send({ type: 'PING' });
    await socket.next('PONG');
    const invite = (playerId: number) =>
      call('POST', `/api/games/${gameId}/invites`, { token: leader.token, body: { playerId } });
    for (let i = 0; i < 30; i += 1) {
      const sent = await invite(target.id);
      expect(sent.status).toBe(201);
      await call('DELETE', `/api/games/${gameId}/invites/${sent.body.id}`, {
        token: leader.token,
      });
    }
    const refused = await invite(target.id);
    expect(refused).toMatchObject({ status: 429, body: { error: M.tooManyInvites } });
    // Concurrent attempts are counted under the game's lock: none gets through.
    const burst = await Promise.all([invite(other.id), invite(other.id), invite(target.id)]);
    expect(burst.map((r) => r.status)).toEqual([429, 429, 429]);
    const rows = await server.instance.database.db
      .selectFrom('invites')
      .select('id')
      .where('game_id', '=', gameId)
      .execute();
    expect(rows).toHaveLength(30);

    // The limit is per game: the same leader's next game invites at once.
    await call('POST', `/api/games/${gameId}/cancel`, { token: leader.token });
    const next = await createGame(call, leader, 'Fresh');
    const fresh = await call('POST', `/api/games/${next}/invites`, {
      token: leader.token,
      body: { playerId: target.id },
    });
    expect(fresh.status).toBe(201);

    // Events reach the socket in order: once the fresh game's invitation is there, every
    // invitation of the first game that was ever announced is there too.
    while ((await socket.next('GAME_INVITATION')).gameId !== next);
    const heard = socket.messages.filter((m) => m.type === 'GAME_INVITATION');
    expect(heard.filter((m) => m.gameId === gameId)).toHaveLength(30);
    socket.close();
  });

  it('takes the limit from INVITES_PER_GAME_PER_MINUTE', async () => {
    expect(loadConfig({}).invitesPerGamePerMinute).toBe(30);
    expect(loadConfig({ INVITES_PER_GAME_PER_MINUTE: '5' }).invitesPerGamePerMinute).toBe(5);
    expect(() => loadConfig({ INVITES_PER_GAME_PER_MINUTE: '0' })).toThrow(
      /INVITES_PER_GAME_PER_MINUTE/,
    );
    const strict = await startTestServer(dialect, { invitesPerGamePerMinute: 2 });
    try {
      const at = httpClient(strict.baseUrl);
      const [leader, a, b, c] = await Promise.all([
        createAccount(strict),
        createAccount(strict),
        createAccount(strict),
        createAccount(strict),
      ]);
      const gameId = await createGame(at, leader, 'Strict');
      const invite = (playerId: number) =>
        at('POST', `/api/games/${gameId}/invites`, { token: leader.token, body: { playerId } });
      expect((await invite(a.id)).status).toBe(201);
      expect((await invite(b.id)).status).toBe(201);
      expect(await invite(c.id)).toMatchObject({ status: 429, body: { error: M.tooManyInvites } });
    } finally {
      await strict.stop();
    }
  });

  it('limits an inviter across games: cancelling and creating a game does not reset the count', async () => {
    const limited = await startTestServer(dialect, { invitesPerUserPerHour: 5 });
    try {
      const limitedCall = httpClient(limited.baseUrl);
      const [leader, target] = await Promise.all([createAccount(limited), createAccount(limited)]);
      for (let i = 0; i < 5; i += 1) {
        const gameId = await createGame(limitedCall, leader, `Cycle ${i}`);
        const sent = await limitedCall('POST', `/api/games/${gameId}/invites`, {
          token: leader.token,
          body: { playerId: target.id },
        });
        expect(sent.status).toBe(201);
        await limitedCall('POST', `/api/games/${gameId}/cancel`, { token: leader.token });
      }
      const gameId = await createGame(limitedCall, leader, 'Cycle 5');
      const refused = await limitedCall('POST', `/api/games/${gameId}/invites`, {
        token: leader.token,
        body: { playerId: target.id },
      });
      expect(refused).toMatchObject({ status: 429, body: { error: M.tooManyInvitesSent } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
      const rows = await limited.instance.database.db
        .selectFrom('invites')
        .select('id')
        .where('inviter_id', '=', leader.id)
        .execute();
      expect(rows).toHaveLength(5);
    } finally {
      await limited.stop();
    }
  });

  it('keeps at most one pending invitation per inviter and invitee, whatever the game', async () => {
    const [leader, target] = await createAccounts(server, 2);
    const first = await createGame(call, leader, 'First');
    expect(
      (
        await call('POST', `/api/games/${first}/invites`, {
          token: leader.token,
          body: { playerId: target.id },
        })
      ).status,
    ).toBe(201);
    // A second open game of the same leader cannot exist; a pending invitation left behind by
    // a game that is no longer open (as rows of an earlier version may be) still counts.
    await server.instance.database.db
      .updateTable('games')
      .set({ status: 'completed' })
      .where('id', '=', first)
      .execute();
    const second = await createGame(call, leader, 'Second');
    const refused = await call('POST', `/api/games/${second}/invites`, {
      token: leader.token,
      body: { playerId: target.id },
    });
    expect(refused).toMatchObject({ status: 409, body: { error: M.alreadyInvitedByYou } });
  });
});
