import { expect, it } from 'vitest';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';
import { typeReadings } from './support/typed-readings';

describeEachDialect('awards of a completed game', {}, ({ server, call }) => {
  it('are empty while the game runs and handed out in the snapshot once it is completed', async () => {
    const me = await createAccount(server);
    const created = await call('POST', '/api/fast-game', {
      token: me.token,
      body: {
        players: [me.playerName, 'Bob', 'Cleo'],
        scaleAddress: 'C0DE0000A001',
        containerType: 'BEER_BOTTLE',
        rounds: 2,
      },
    });
    expect(created.status).toBe(201);
    const gameId = created.body.gameId;
    await call('POST', `/api/fast-game/${gameId}/start`, { token: me.token });
    const running = await typeReadings(call, me.token, gameId, 3, [[0, 9, 4]]);
    expect(running.status).toBe('active');
    expect(running.awards).toEqual([]);

    let latest = running;
    for (const offset of [0, 30, 4]) {
      const typed = await call('POST', `/api/games/${gameId}/measurements`, {
        token: me.token,
        body: { grams: latest.target + offset },
      });
      latest = typed.body.game;
    }
    const game = (await call('GET', `/api/games/${gameId}/state`, { token: me.token })).body.game;
    expect(game.status).toBe('completed');
    const [mine, bob, cleo] = [0, 1, 2].map((i) => game.players[i].id);
    const holders = (id: string) =>
      game.awards
        .filter((a: { id: string }) => a.id === id)
        .map((a: { playerId: number; value: number }) => [a.playerId, a.value]);
    expect(holders('sniper')).toEqual([[mine, 2]]);
    expect(holders('closest')).toEqual([[mine, 0]]);
    expect(holders('biggestMiss')).toEqual([[bob, 30]]);
    expect(holders('steadiest')).toEqual([
      [mine, 0],
      [cleo, 0],
    ]);
    // Everyone drank in both rounds: the biggest sip is a positive amount for one of them.
    const sips = holders('biggestSip');
    expect(sips.length).toBeGreaterThan(0);
    expect(sips[0][1]).toBeGreaterThan(0);
    // After round 1 Bob was last (9) and stays last: nobody climbed from 1st/2nd either.
    expect(holders('comeback')).toEqual([]);
    expect(holders('mostPenalties')).toEqual([]);
  });
});
