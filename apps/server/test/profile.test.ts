import { expect, it } from 'vitest';
import { VALIDATION } from '@beerscale/contract/messages';
import { runAdminCommand } from '../src/admin/admin-cli';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';

describeEachDialect('profile', {}, ({ server, call }) => {
  it('shows my account, ratings and my scales with their approval state', async () => {
    const me = await createAccount(server, { mac: 'FACE00000001' });
    const reply = await call('GET', '/api/profile', { token: me.token });
    expect(reply.body).toEqual({
      id: me.id,
      username: me.username,
      playerName: me.playerName,
      currentElo: 1200,
      peakElo: 1200,
      isAdmin: false,
      // A new account: nothing verified or rated yet, so its rating is provisional.
      verifiedGames: 0,
      ratedGames: 0,
      ratedOpponents: 0,
      independentOpponents: 0,
      provisional: true,
      scales: [{ mac: 'FACE00000001', approved: false }],
      // Responsible play: beer 5.0 % until changed, no limit, nothing weighed yet.
      defaultDrink: { kind: 'beer', abv: 5 },
      eveningLimit: null,
      drinking: { totals: { drankGrams: 0, alcoholGrams: 0, standardDrinks: 0 }, months: [] },
    });
    await runAdminCommand(
      server.instance.database,
      ['assign-scale', '--mac', 'FACE00000001', '--username', me.username],
      () => {},
    );
    expect((await call('GET', '/api/profile', { token: me.token })).body.scales).toEqual([
      { mac: 'FACE00000001', approved: true },
    ]);
  });

  it('shows a scale to everyone who registered it, approved only for its owner', async () => {
    const first = await createAccount(server, { mac: 'FACE00000002' });
    const second = await createAccount(server, { mac: 'FACE00000002' });
    const scalesOf = async (who: typeof first) =>
      (await call('GET', '/api/profile', { token: who.token })).body.scales;
    expect(await scalesOf(second)).toEqual([{ mac: 'FACE00000002', approved: false }]);
    await runAdminCommand(
      server.instance.database,
      ['assign-scale', '--mac', 'FACE00000002', '--username', second.username],
      () => {},
    );
    expect(await scalesOf(second)).toEqual([{ mac: 'FACE00000002', approved: true }]);
    expect(await scalesOf(first)).toEqual([{ mac: 'FACE00000002', approved: false }]);
  });

  it('renames the player with the SPEC rule, and nothing on a refusal', async () => {
    const me = await createAccount(server);
    const renamed = await call('PUT', '/api/profile', {
      token: me.token,
      body: { playerName: ' Hopfen ' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.playerName).toBe('Hopfen');
    for (const [body, message] of [
      [{ playerName: 'Elevenchars' }, VALIDATION.playerNameLength],
      [{ playerName: '' }, VALIDATION.playerNameRequired],
      [{ playerName: 'ok', isAdmin: true }, undefined],
    ] as const) {
      const reply = await call('PUT', '/api/profile', { token: me.token, body });
      expect(reply.status).toBe(400);
      if (message) expect(reply.body.error).toBe(message);
    }
    expect((await call('GET', '/api/profile', { token: me.token })).body).toMatchObject({
      playerName: 'Hopfen',
      isAdmin: false,
    });
    const verify = await call('GET', '/api/verify-token', { token: me.token });
    expect(verify.body.user.playerName).toBe('Hopfen');
    expect((await call('PUT', '/api/profile', { body: { playerName: 'x' } })).status).toBe(401);
  });
});
