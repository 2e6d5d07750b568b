import { expect, it } from 'vitest';
import { createAccount } from './support/factories';
import { inviteTo, rankedLobby } from './support/ranked';
import { describeEachDialect } from './support/each-dialect';
import { injectedFault } from './support/injected-fault';

describeEachDialect('starting a ranked game', {}, ({ dialect, server, call, scales }) => {
  // A fault injected into the start: lapsing an invitation fails.
  const fault = () =>
    injectedFault(dialect, server.instance.database.db, 'fail_lapse', 'invites', 'status');

  it('is one transaction: a start that fails half-way leaves the game set up and its invitations open', async () => {
    const [leader, member, invitee] = [
      await createAccount(server),
      await createAccount(server),
      await createAccount(server),
    ];
    const gameId = await rankedLobby(call, leader, [member]);
    const inviteId = await inviteTo(call, leader, gameId, invitee);
    const scale = await scales.connect(leader.mac);
    const body = { scaleAddress: scale.mac, containerType: 'BEER_BOTTLE', rounds: 1 };
    const as = { token: leader.token, body };
    expect((await call('POST', `/api/games/${gameId}/setup-ranked`, as)).status).toBe(200);

    await fault().add();
    const failed = await call('POST', `/api/games/${gameId}/start-ranked`, as);
    await fault().remove();
    expect(failed.status).toBe(500);
    // The game did not start (its engine was never stored) and the invitation did not lapse.
    const row = await server.instance.database.db
      .selectFrom('games')
      .select(['status', 'started_at', 'engine_state'])
      .where('id', '=', gameId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'configured', started_at: null, engine_state: null });
    const pending = await call('GET', `/api/games/${gameId}/invites`, { token: leader.token });
    expect(pending.body.map((i: { id: number }) => i.id)).toEqual([inviteId]);

    // Nothing stands in the way of starting it again.
    const started = await call('POST', `/api/games/${gameId}/start-ranked`, as);
    expect(started.status).toBe(200);
    const state = await call('GET', `/api/games/${gameId}/state`, { token: leader.token });
    expect(state.body.game).toMatchObject({ status: 'active', phase: 'INITIAL_WEIGHING' });
    expect(
      (await call('GET', `/api/games/${gameId}/invites`, { token: leader.token })).body,
    ).toEqual([]);
  });
});
