import { expect, it } from 'vitest';
import { describeEachDialect } from './support/each-dialect';
import { createAccounts } from './support/factories';
import { rankedLobby, setUpRanked } from './support/ranked';
import { browserSockets } from './support/socket-client';

// A member's lobby shows the leader's set-up (scale, container, rounds) because the set-up
// tells the members' sockets to refresh it; without it a guest's lobby kept saying "waiting
// for the leader to set up the scale".
describeEachDialect('a ranked lobby stays fresh for its members', {}, ({ server, call }) => {
  const connect = browserSockets(server);

  it('tells the other members to refresh when the leader sets the game up, within a second', async () => {
    const [leader, anna, outsider] = await createAccounts(server, 3);
    const gameId = await rankedLobby(call, leader, [anna]);
    const [L, A, O] = await Promise.all([leader, anna, outsider].map(connect));

    const before = await call('GET', `/api/games/${gameId}`, { token: anna.token });
    expect(before.body.status).toBe('pending');
    const setUpAt = Date.now();
    const setup = await setUpRanked(call, leader, gameId, leader.mac, {
      containerType: 'BEER_CAN',
      rounds: 4,
    });
    expect(setup.status).toBe(200);
    expect(await A!.next('PARTICIPANTS_UPDATED')).toEqual({ type: 'PARTICIPANTS_UPDATED', gameId });
    expect(Date.now() - setUpAt).toBeLessThan(1000);
    // What the refreshed lobby reads is the set-up.
    const after = await call('GET', `/api/games/${gameId}`, { token: anna.token });
    expect(after.body).toMatchObject({
      status: 'configured',
      scale_mac: leader.mac,
      container_type: 'BEER_CAN',
      rounds_planned: 4,
    });
    // The leader changed it and knows; an outsider hears nothing.
    await Promise.all([L!, O!].map((s) => s.roundTrip()));
    expect(L!.messages.filter((m) => m.type === 'PARTICIPANTS_UPDATED')).toEqual([]);
    expect(O!.messages.filter((m) => m.type === 'PARTICIPANTS_UPDATED')).toEqual([]);
  });
});
