import { expect, it } from 'vitest';
import { typeReadings } from './support/typed-readings';
import { describeEachDialect } from './support/each-dialect';
import { injectedFault } from './support/injected-fault';
import { createAccount } from './support/factories';

describeEachDialect('finishing a game', {}, ({ dialect, server, call }) => {
  // A fault injected into the results transaction: any write of a final rank fails.
  const fault = () =>
    injectedFault(dialect, server.instance.database.db, 'fail_results', 'game_players', 'rank');

  it('stores the last reading and the results together: a failed completion keeps the game playable', async () => {
    const me = await createAccount(server);
    const mac = `C0${String(process.pid % 10000).padStart(4, '0')}00AA01`.slice(0, 12);
    const created = await call('POST', '/api/fast-game', {
      token: me.token,
      body: { players: ['x', 'Bob'], scaleAddress: mac, containerType: 'BEER_BOTTLE', rounds: 1 },
    });
    const gameId = created.body.gameId;
    await call('POST', `/api/fast-game/${gameId}/start`, { token: me.token });
    // Everything but the very last reading of the game.
    const before = await typeReadings(call, me.token, gameId, 2, [[3]]);
    expect(before.phase).toBe('SCORING');

    await fault().add();
    const failed = await call('POST', `/api/games/${gameId}/measurements`, {
      token: me.token,
      body: { grams: before.target + 1 },
    });
    expect(failed.status).toBe(500);
    const meanwhile = await call('GET', `/api/games/${gameId}/state`, { token: me.token });
    // Nothing of the failed step landed: the game still waits for the same reading.
    expect(meanwhile.body.game).toMatchObject({ status: 'active', phase: 'SCORING' });
    expect(meanwhile.body.game.currentPlayerId).toBe(before.currentPlayerId);
    expect(meanwhile.body.game.players.map((p: any) => p.differences)).toEqual(
      before.players.map((p: any) => p.differences),
    );

    await fault().remove();
    const done = await call('POST', `/api/games/${gameId}/measurements`, {
      token: me.token,
      body: { grams: before.target + 1 },
    });
    expect(done.status).toBe(200);
    expect(done.body.game).toMatchObject({ status: 'completed', phase: 'FINISHED' });
    const stats = await call('GET', '/api/home', { token: me.token });
    expect(stats.body.stats.games_played).toBe(1);
  });
});
