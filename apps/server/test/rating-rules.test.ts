import { beforeAll, expect, it } from 'vitest';
import { REPORT_REFUSALS } from '@beerscale/contract/refusal-messages';
import type { Account } from './support/accounts';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';
import { rankedLobby, startRanked } from './support/ranked';
import { QUICK_PLACEMENTS, ratedPlay } from './support/rated-play';

// The rating rules: provenance of every reading, the weighed share, games ended early, reports
// and voids, each over real HTTP and sockets (the pair limit: rating-pair-limit.test.ts).

describeEachDialect('Rating rules', { config: QUICK_PLACEMENTS }, (context) => {
  const { server, call } = context;
  const { state, wifiScale, play, history } = ratedPlay(context);
  let admin: string;

  beforeAll(async () => {
    admin = await context.adminToken();
  });

  it('a WiFi scale paired by code weighing every reading: sources, scale kind, verified games', async () => {
    const [a, b] = [await createAccount(server), await createAccount(server)];
    const scale = await wifiScale();
    const gameId = await rankedLobby(call, a, [b]);
    await startRanked(call, a, gameId, scale.mac, 1);
    const done = await play(a, gameId, scale, 2, 1);
    expect(done).toMatchObject({
      status: 'completed',
      scaleKind: 'wifi',
      bridgedBy: null,
      rating: { status: 'rated', reasons: [] },
      voided: false,
    });
    expect(done.players.map((p: { sources: string[] }) => p.sources)).toEqual([
      ['scale', 'scale'],
      ['scale', 'scale'],
    ]);
    const profile = (await call('GET', '/api/profile', { token: a.token })).body;
    expect(profile).toMatchObject({
      verifiedGames: 1,
      ratedGames: 1,
      ratedOpponents: 1,
      provisional: true,
    });
    const board = (await call('GET', '/api/leaderboard', { token: a.token })).body as {
      id: number;
      verifiedGames: number;
      provisional: boolean;
    }[];
    expect(board.find((row) => row.id === a.id)).toMatchObject({
      verifiedGames: 1,
      provisional: true,
    });
  });

  it('a ranked game with more than a fifth of its readings typed is played but not rated', async () => {
    const [a, b] = [await createAccount(server), await createAccount(server)];
    const scale = await wifiScale();
    const gameId = await rankedLobby(call, a, [b]);
    await startRanked(call, a, gameId, scale.mac, 1);
    // 3 of 4 weighed: 75 %, under the 80 % a ranked result needs.
    const done = await play(a, gameId, scale, 2, 1, [3]);
    expect(done.rating).toEqual({ status: 'unrated', reasons: ['typed'] });
    expect(done.players[1].sources).toEqual(['scale', 'typed']);
    expect(done.players[1].typedRounds).toEqual([1]);
    expect(await history(a.id)).toEqual([]);
    const profile = (await call('GET', '/api/profile', { token: a.token })).body;
    expect(profile).toMatchObject({ currentElo: 1200, verifiedGames: 0, ratedGames: 0 });
  });

  it('finished early by the leader: rated only with at least half of the planned rounds done', async () => {
    const [a, b] = [await createAccount(server), await createAccount(server)];
    const scale = await wifiScale();
    const early = await rankedLobby(call, a, [b]);
    await startRanked(call, a, early, scale.mac, 3);
    await play(a, early, scale, 2, 1);
    // 1 of 3 rounds: less than half.
    const finished = await call('POST', `/api/games/${early}/finish`, { token: a.token });
    expect(finished.body.game.rating).toEqual({ status: 'unrated', reasons: ['finished-early'] });
    expect(await history(a.id)).toEqual([]);

    const half = await rankedLobby(call, a, [b]);
    await startRanked(call, a, half, scale.mac, 2);
    await play(a, half, scale, 2, 1);
    // 1 of 2 rounds: half is enough.
    const rated = await call('POST', `/api/games/${half}/finish`, { token: a.token });
    expect(rated.body.game.rating).toEqual({ status: 'rated', reasons: [] });
    expect((await history(a.id)).map((h) => h.game_id)).toEqual([half]);
  });

  it('a cancelled ranked game says so', async () => {
    const [a, b] = [await createAccount(server), await createAccount(server)];
    const scale = await wifiScale();
    const gameId = await rankedLobby(call, a, [b]);
    await startRanked(call, a, gameId, scale.mac, 1);
    expect((await call('POST', `/api/games/${gameId}/cancel`, { token: a.token })).status).toBe(
      200,
    );
    expect((await state(a.token, gameId)).rating).toEqual({
      status: 'unrated',
      reasons: ['cancelled'],
    });
  });

  it('reports: participants once within 24 hours; the administrator sees them and voids the game', async () => {
    const [a, b, outsider] = [
      await createAccount(server),
      await createAccount(server),
      await createAccount(server),
    ];
    const scale = await wifiScale();
    const first = await rankedLobby(call, a, [b]);
    await startRanked(call, a, first, scale.mac, 1);
    await play(a, first, scale, 2, 1);
    const gameId = await rankedLobby(call, a, [b]);
    await startRanked(call, a, gameId, scale.mac, 1);
    await play(a, gameId, scale, 2, 1);
    const before = (await call('GET', '/api/profile', { token: b.token })).body;
    const [firstChange, change] = await history(b.id);

    const report = (who: Account, id = gameId, reason = 'The weights looked made up') =>
      call('POST', `/api/games/${id}/report`, { token: who.token, body: { reason } });
    expect((await report(outsider)).status).toBe(404);
    expect((await report(b, gameId, '   ')).status).toBe(400);
    expect((await report(b)).status).toBe(201);
    const again = await report(b);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(REPORT_REFUSALS.alreadyReported);
    await server.instance.database.db
      .updateTable('games')
      .set({ completed_at: new Date(Date.now() - 25 * 3_600_000).toISOString() })
      .where('id', '=', first)
      .execute();
    const late = await report(a, first);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(REPORT_REFUSALS.reportTooLate);

    expect((await call('GET', '/api/admin/reports', { token: b.token })).status).toBe(403);
    const listed = (await call('GET', '/api/admin/reports', { token: admin })).body.games;
    expect(listed[0]).toMatchObject({
      gameId,
      voidedAt: null,
      reports: [{ userId: b.id, playerName: b.playerName, reason: 'The weights looked made up' }],
    });

    expect((await call('POST', `/api/admin/games/${gameId}/void`, { token: b.token })).status).toBe(
      403,
    );
    expect((await call('POST', `/api/admin/games/${gameId}/void`, { token: admin })).status).toBe(
      200,
    );
    const after = (await call('GET', '/api/profile', { token: b.token })).body;
    expect(after.currentElo).toBeCloseTo(
      before.currentElo - (change!.elo_after - change!.elo_before),
      9,
    );
    expect(after.currentElo).toBeCloseTo(firstChange!.elo_after, 9);
    expect(after).toMatchObject({ ratedGames: 1, verifiedGames: 1 });
    const user = await server.instance.database.db
      .selectFrom('users')
      .select(['games_played', 'ranked_games_played'])
      .where('id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ games_played: 1, ranked_games_played: 1 });
    const voided = await state(b.token, gameId);
    expect(voided).toMatchObject({
      voided: true,
      rating: { status: 'unrated', reasons: ['voided'] },
    });
    expect(voided.players.every((p: { eloAfter: unknown }) => p.eloAfter === null)).toBe(true);
    const twice = await call('POST', `/api/admin/games/${gameId}/void`, { token: admin });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe(REPORT_REFUSALS.alreadyVoided);
    const listedAfter = (await call('GET', '/api/admin/reports', { token: admin })).body.games;
    expect(listedAfter[0].voidedAt).not.toBeNull();
  });
});
