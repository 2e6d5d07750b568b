import { expect, it, onTestFinished } from 'vitest';
import { adminToken, pairRawDevice } from './support/pairing';
import { openSocket } from './support/socket-client';
import { typeReadings } from './support/typed-readings';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';

// Issue 44, item 11: after a game, does the watched scale's weight still reach /live (the
// leader's socket) between games and after Play again? It does for the scale's owner, who may
// always watch it; a watch link relays it again once it followed Play again (watch-link.test).
describeEachDialect('the scale between games', {}, ({ server, call }) => {
  it("keeps reaching the owner's /live after the game and after Play again", async () => {
    const leader = await createAccount(server);
    const admin = await adminToken(call, server.instance.database);
    await call('POST', `/api/admin/scales/${leader.mac}/assign`, {
      token: admin,
      body: { userId: leader.id },
    });
    const scale = await pairRawDevice(server.wsUrl, call, admin, leader.mac);
    onTestFinished(() => scale.device.ws.close());
    const game = async () => {
      const created = await call('POST', '/api/fast-game', {
        token: leader.token,
        body: {
          players: [leader.playerName, 'Bob'],
          scaleAddress: leader.mac,
          containerType: 'BEER_BOTTLE',
          rounds: 1,
        },
      });
      expect(created.status).toBe(201);
      await call('POST', `/api/fast-game/${created.body.gameId}/start`, { token: leader.token });
      return created.body.gameId as number;
    };
    const live = await openSocket(`${server.wsUrl}/ws?token=${leader.token}`);
    onTestFinished(() => live.close());
    const first = await game();
    live.send({ type: 'SELECT_SCALE', macAddress: leader.mac });
    await live.next('SCALE_STATUS');
    const weighs = async (grams: number) => {
      scale.device.send({ type: 'WEIGHT', grams, stable: true });
      while ((await live.next('SCALE_DATA')).grams !== grams);
    };
    await weighs(11);
    await typeReadings(call, leader.token, first, 2, [[0, 4]]);
    // Between games: the results are up, the bottle goes back on the scale.
    await weighs(12);
    await game();
    await weighs(13);
  });
});
