import { expect, it } from 'vitest';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';
import { typeReadings } from './support/typed-readings';

// The morning after: a finished game's page (/games/{id}) reads GET /api/games/{id}/state, and
// the home's recent games name who it was played against.
describeEachDialect('a finished game, the morning after', {}, ({ server, call }) => {
  it("keeps every round's reading, the penalties with their reasons and the end in the snapshot", async () => {
    const me = await createAccount(server);
    const created = await call('POST', '/api/fast-game', {
      token: me.token,
      body: {
        players: [me.playerName, 'Bob', 'Cleo'],
        scaleAddress: 'C0DE0000B001',
        containerType: 'BEER_BOTTLE',
        rounds: 2,
        rules: { penalties: { farthest: true } },
      },
    });
    expect(created.status).toBe(201);
    const gameId: number = created.body.gameId;
    await call('POST', `/api/fast-game/${gameId}/start`, { token: me.token });
    const type = async (grams: number) =>
      (
        await call('POST', `/api/games/${gameId}/measurements`, {
          token: me.token,
          body: { grams },
        })
      ).body.game;
    let running = await typeReadings(call, me.token, gameId, 3, []);
    const targets: number[] = [];
    for (const offsets of [
      [0, 9, 4],
      [0, 30, 4],
    ]) {
      targets.push(running.target);
      expect(running.completedAt).toBeNull();
      for (const offset of offsets) running = await type(running.target + offset);
    }

    const reply = await call('GET', `/api/games/${gameId}/state`, { token: me.token });
    const game = reply.body.game;
    expect(game.status).toBe('completed');
    expect(game.completedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(game.rules.penalties.farthest).toBe(true);
    const [mine, bob, cleo] = game.players;
    // Round 0 is the full bottle; each round's last reading follows.
    expect(mine.weights).toHaveLength(3);
    expect(mine.weights[0]).toBe(560);
    expect(bob.weights).toEqual([560, targets[0]! + 9, targets[1]! + 30]);
    expect(bob.differences).toEqual([9, 30]);
    expect(cleo.differences).toEqual([4, 4]);
    expect(bob.penaltyLog.map((p: { reason: string }) => p.reason)).toEqual([
      'farthest',
      'farthest',
    ]);
    expect(mine.penaltyLog).toEqual([]);
    expect(game.awards.length).toBeGreaterThan(0);

    // Whoever did not play it finds no such game.
    const stranger = await createAccount(server);
    expect(
      (await call('GET', `/api/games/${gameId}/state`, { token: stranger.token })).status,
    ).toBe(404);

    // Home: the row names the others, in turn order.
    const home = (await call('GET', '/api/home', { token: me.token })).body;
    expect(
      home.recentGames.find((g: { game_id: number }) => g.game_id === gameId).opponents,
    ).toEqual(['Bob', 'Cleo']);
  });
});
