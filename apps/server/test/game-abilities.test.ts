import { expect, it, vi } from 'vitest';
import { abilitiesOf, NO_GAME_ABILITIES, type GameState } from '@beerscale/contract/game-state';
import { describeEachDialect } from './support/each-dialect';
import { createAccounts } from './support/factories';
import { openSocket } from './support/socket-client';
import { rankedLobby, setUpRanked, startRanked } from './support/ranked';
import { weighFirstContainer } from './support/table-scale';
import { targetOf } from './support/weighing';
import { macMaker } from './support/next-mac';

// Issue 40 item 3: the game and lobby replies say what their reader may do, as game-policy.ts
// decides, and each ability agrees with what the server does when the reader tries it.

const nextMac = macMaker('AB');

describeEachDialect('game abilities', { config: { presenceGraceMs: 100 } }, (context) => {
  const { server, call, scales } = context;
  const lobby = (token: string, gameId: number) => call('GET', `/api/games/${gameId}`, { token });
  const state = async (token: string, gameId: number): Promise<GameState> =>
    (await call('GET', `/api/games/${gameId}/state`, { token })).body.game;

  it("the lobby's can: the leader's actions, a player's leave, nothing for a stranger", async () => {
    const [leader, player, stranger] = await createAccounts(server, 3);
    const gameId = await rankedLobby(call, leader, [player], 'Abilities');
    const leaderView = await lobby(leader.token, gameId);
    expect(leaderView.body.can).toEqual({
      cancel: true,
      leave: false,
      invite: true,
      reorder: true,
      kick: [player.id],
      setUp: true,
      start: false,
    });
    const playerView = await lobby(player.token, gameId);
    expect(playerView.body.can).toEqual({
      cancel: false,
      leave: true,
      invite: false,
      reorder: false,
      kick: [],
      setUp: false,
      start: false,
    });
    expect((await lobby(stranger.token, gameId)).status).toBe(404);
    // What the player is not offered, the server refuses; what the leader is offered, it allows.
    expect(
      (await call('POST', `/api/games/${gameId}/cancel`, { token: player.token })).status,
    ).toBe(403);
    const scale = await scales.connect(nextMac());
    expect((await setUpRanked(call, leader, gameId, scale.mac)).status).toBe(200);
    expect((await lobby(leader.token, gameId)).body.can).toMatchObject({
      start: true,
      setUp: true,
    });
    await call('POST', `/api/games/${gameId}/start-ranked`, {
      token: leader.token,
      body: { scaleAddress: scale.mac, containerType: 'BEER_BOTTLE', rounds: 1 },
    });
    // Running: the line-up is closed; the leader may still cancel, the player no longer leave.
    expect((await lobby(leader.token, gameId)).body.can).toEqual({
      cancel: true,
      leave: false,
      invite: false,
      reorder: false,
      kick: [],
      setUp: false,
      start: false,
    });
    expect((await lobby(player.token, gameId)).body.can.leave).toBe(false);
    expect((await call('POST', `/api/games/${gameId}/leave`, { token: player.token })).status).toBe(
      409,
    );
  }, 60_000);

  it("the snapshot's can by role: the leader's, the caller's own, the socket's the same", async () => {
    const [leader, player, stranger] = await createAccounts(server, 3);
    const gameId = await rankedLobby(call, leader, [player], 'Calling abilities');
    const scale = await scales.connect(nextMac());
    await setUpRanked(call, leader, gameId, scale.mac, {
      rounds: 2,
      rules: { preset: 'bundeswiega', finale: 'none', disqualifyAbove: null },
    });
    const configured = await state(leader.token, gameId);
    expect(abilitiesOf(configured, { userId: leader.id })).toMatchObject({
      start: true,
      shareWatchLink: true,
      seats: true,
      finish: false,
      type: false,
    });
    expect(abilitiesOf(configured, { userId: player.id })).toEqual(NO_GAME_ABILITIES);
    await call('POST', `/api/games/${gameId}/start-ranked`, {
      token: leader.token,
      body: { scaleAddress: scale.mac, containerType: 'BEER_BOTTLE', rounds: 2 },
    });
    const socket = await openSocket(`${server.wsUrl}/ws?token=${player.token}`);
    try {
      await weighFirstContainer(call, leader.token, gameId, scale);
      const typed = await call('POST', `/api/games/${gameId}/measurements`, {
        token: leader.token,
        body: { grams: 580 },
      });
      const calling: GameState = typed.body.game;
      expect(calling.phase).toBe('CALLING');
      const [first, second] = calling.players.map((p) => p.id);
      expect(calling.caller).toBe(first);
      expect(calling.can).toEqual({
        leader: {
          start: false,
          type: false,
          finish: true,
          call: true,
          give: false,
          estimateFor: [],
          shareWatchLink: true,
          seats: true,
          playAgain: false,
        },
        players: { call: [first], give: [], estimate: [] },
      });
      // The other player is not the caller: not offered, and refused.
      expect(abilitiesOf(calling, { userId: player.id })).toEqual(NO_GAME_ABILITIES);
      const target = (token: string) =>
        call('POST', `/api/games/${gameId}/target`, { token, body: { amount: 30 } });
      expect((await target(player.token)).status).toBe(403);
      // A typed reading now belongs to no one: not offered, and refused.
      const refused = await call('POST', `/api/games/${gameId}/measurements`, {
        token: leader.token,
        body: { grams: 500 },
      });
      expect(refused.status).toBe(409);
      // GAME_STATE, one payload for every socket, carries the same abilities.
      await vi.waitFor(() =>
        expect(
          socket.messages.some(
            (m) =>
              m.type === 'GAME_STATE' &&
              m.game.phase === 'CALLING' &&
              JSON.stringify(m.game.can) === JSON.stringify(calling.can),
          ),
        ).toBe(true),
      );
      const drinking: GameState = (await target(leader.token)).body.game;
      expect(drinking.can?.leader).toMatchObject({ type: true, call: false });
      expect(drinking.can?.players.call).toEqual([]);
      expect(second).toBeGreaterThan(0);
      // A stranger reads nothing; abilitiesOf gives an account not in the game nothing.
      expect(
        (await call('GET', `/api/games/${gameId}/state`, { token: stranger.token })).status,
      ).toBe(404);
      expect(abilitiesOf(drinking, { userId: stranger.id })).toEqual(NO_GAME_ABILITIES);
      // A seat acts as its own player: the caller's seat would call.
      expect(abilitiesOf(calling, { seatPlayerId: first })).toMatchObject({
        call: true,
        type: false,
      });
      expect(abilitiesOf(calling, { seatPlayerId: second })).toMatchObject({ call: false });
    } finally {
      socket.close();
    }
  }, 60_000);

  it("the leader's estimateFor names an away ranked player only while they are away", async () => {
    const [leader, player] = await createAccounts(server, 2);
    const gameId = await rankedLobby(call, leader, [player], 'Estimate abilities');
    const scale = await scales.connect(nextMac());
    await startRanked(call, leader, gameId, scale.mac, {
      rounds: 1,
      rules: { finale: 'empty-estimate' },
    });
    await weighFirstContainer(call, leader.token, gameId, scale);
    const type = (grams: number) =>
      call('POST', `/api/games/${gameId}/measurements`, { token: leader.token, body: { grams } });
    await type(560);
    await type(await targetOf(call, leader.token, gameId));
    await type(await targetOf(call, leader.token, gameId));
    await vi.waitFor(async () =>
      expect((await state(leader.token, gameId)).phase).toBe('ESTIMATING'),
    );
    const away = await state(leader.token, gameId);
    const [mine, theirs] = away.players.map((p) => p.id);
    // The player has no browser open: away, so the leader may stand in for them.
    expect(away.can?.leader.estimateFor).toEqual([mine, theirs]);
    expect(away.can?.players.estimate).toEqual([mine, theirs]);
    expect(abilitiesOf(away, { userId: player.id }).estimateFor).toEqual([theirs]);

    const phone = await openSocket(`${server.wsUrl}/ws?token=${player.token}`);
    try {
      await vi.waitFor(async () =>
        expect((await state(leader.token, gameId)).can?.leader.estimateFor).toEqual([mine]),
      );
      // Here: the estimate is theirs; the leader is not offered it, and is refused.
      const refused = await call('POST', `/api/games/${gameId}/estimate`, {
        token: leader.token,
        body: { playerId: theirs, grams: 200 },
      });
      expect(refused.status).toBe(403);
    } finally {
      phone.close();
    }
  }, 60_000);
});
