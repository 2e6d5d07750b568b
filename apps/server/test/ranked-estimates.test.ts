import { expect, it, vi } from 'vitest';
import { RULE_MESSAGES } from '@beerscale/contract/rules';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';
import { rankedLobby } from './support/ranked';
import { QUICK_PLACEMENTS, ratedPlay } from './support/rated-play';
import { openSocket } from './support/socket-client';
import { targetOf, weighReading } from './support/weighing';

// Issue 42: in a ranked game the finale's estimate is the player's own. The leader may enter one
// only for a player who is away (no device of theirs connected), and that stand-in estimate is
// marked and counts against the 80 % weighed rule like a typed reading.

describeEachDialect(
  'Ranked estimates',
  { config: { ...QUICK_PLACEMENTS, presenceGraceMs: 100 } },
  (context) => {
    const { server, call } = context;
    const { state, type, wifiScale } = ratedPlay(context);
    const status = async (userId: number) =>
      (
        await server.instance.database.db
          .selectFrom('users')
          .select('status')
          .where('id', '=', userId)
          .executeTakeFirstOrThrow()
      ).status;

    it('the leader stands in only for a player who is away; the stand-in is marked and counted', async () => {
      const [a, b] = [await createAccount(server), await createAccount(server)];
      const scale = await wifiScale();
      const gameId = await rankedLobby(call, a, [b]);
      const body = {
        scaleAddress: scale.mac,
        containerType: 'BEER_BOTTLE',
        rounds: 1,
        rules: { finale: 'empty-estimate' },
      };
      for (const step of ['setup-ranked', 'start-ranked']) {
        const reply = await call('POST', `/api/games/${gameId}/${step}`, { token: a.token, body });
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      }
      const [me, other] = (await state(a.token, gameId)).players.map((p: { id: number }) => p.id);
      // Full bottles weighed; round 1: the leader's weighed, b's typed (5 of 6 readings weighed
      // by the end: rated on its own, 83 %).
      for (let p = 0; p < 2; p += 1) await weighReading(call, a.token, gameId, scale.sample, 560);
      await weighReading(
        call,
        a.token,
        gameId,
        scale.sample,
        await targetOf(call, a.token, gameId),
      );
      expect((await type(a.token, gameId, await targetOf(call, a.token, gameId))).status).toBe(200);
      await vi.waitFor(async () => expect((await state(a.token, gameId)).phase).toBe('ESTIMATING'));

      // b is here (a phone of theirs is connected): the estimate is theirs to enter.
      const phone = await openSocket(`${server.wsUrl}/ws?token=${b.token}`);
      await vi.waitFor(async () => expect(await status(b.id)).not.toBe('offline'));
      const estimate = (token: string, playerId: number, grams: number) =>
        call('POST', `/api/games/${gameId}/estimate`, { token, body: { playerId, grams } });
      const refused = await estimate(a.token, other, 200);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe(RULE_MESSAGES.estimateOwn);
      expect((await state(a.token, gameId)).players[1]).toMatchObject({
        estimate: null,
        estimateStandIn: false,
      });
      // b's own, then gone: the leader may now stand in, and the estimate says so.
      expect((await estimate(b.token, other, 190)).status).toBe(200);
      expect((await state(a.token, gameId)).players[1]).toMatchObject({
        estimate: 190,
        estimateStandIn: false,
      });
      phone.close();
      await vi.waitFor(async () => expect(await status(b.id)).toBe('offline'), { timeout: 5000 });
      const stoodIn = await estimate(a.token, other, 200);
      expect(stoodIn.status).toBe(200);
      expect(stoodIn.body.game.players[1]).toMatchObject({ estimate: 200, estimateStandIn: true });
      // Someone else's estimate for b is still refused, and the mark is left alone.
      const stranger = await createAccount(server);
      expect((await estimate(stranger.token, other, 100)).status).toBe(404);
      const finale = (await estimate(a.token, me, 210)).body.game;
      expect(finale.phase).toBe('FINALE');
      expect(finale.players.map((p: { estimateStandIn: boolean }) => p.estimateStandIn)).toEqual([
        false,
        true,
      ]);

      // The empty bottles, weighed: 5 weighed of 7 (a typed reading and a stand-in) is under 80 %.
      await weighReading(call, a.token, gameId, scale.sample, 212);
      await weighReading(call, a.token, gameId, scale.sample, 205);
      const done = await state(a.token, gameId);
      expect(done.status).toBe('completed');
      expect(done.rating).toEqual({ status: 'unrated', reasons: ['typed'] });
      expect(done.players[1].estimateStandIn).toBe(true);
    }, 120_000);
  },
);
