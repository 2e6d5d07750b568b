import { expect, it } from 'vitest';
import type { Account } from './support/accounts';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';
import { rankedLobby, startRanked } from './support/ranked';
import { QUICK_PLACEMENTS, ratedPlay } from './support/rated-play';

// The third penetration test's farming attack, replayed (README.md, The rating rules): a script
// bridging a made-up Bluetooth scale, six fresh accounts that play nobody but the farmer, 18 wins.
// The ratings move as they must; being established is what the made-up accounts cannot buy.

interface Row {
  id: number;
  currentElo: number;
  provisional: boolean;
}

describeEachDialect('Rating farming', { config: QUICK_PLACEMENTS }, (context) => {
  const { server, call } = context;
  const { wifiScale, scriptedBridge, play } = ratedPlay(context);

  it('one farmer, six accounts that play only him, 18 wins: provisional, below every established player', async () => {
    // Friends who play each other: six players, every pair once (5 games each, 5 opponents who
    // each played 4 others): all established, whatever their ratings.
    const friends: Account[] = [];
    for (let i = 0; i < 6; i += 1) friends.push(await createAccount(server));
    const table = await wifiScale();
    for (let i = 0; i < friends.length; i += 1) {
      for (let j = i + 1; j < friends.length; j += 1) {
        const gameId = await rankedLobby(call, friends[i]!, [friends[j]!], `Friends ${i}${j}`);
        await startRanked(call, friends[i]!, gameId, table.mac, 1);
        expect((await play(friends[i]!, gameId, table, 2, 1)).rating.status).toBe('rated');
      }
    }

    const farmer = await createAccount(server);
    const sybils: Account[] = [];
    for (let i = 0; i < 6; i += 1) sybils.push(await createAccount(server));
    const forged = await scriptedBridge(farmer);
    for (const sybil of sybils) {
      for (let game = 0; game < 3; game += 1) {
        const gameId = await rankedLobby(call, farmer, [sybil], `Farm ${game}`);
        await startRanked(call, farmer, gameId, forged.mac, 1);
        const done = await play(farmer, gameId, forged, 2, 1);
        // Every one of the 18 is rated and won: the attack's ELO is real, its standing is not.
        expect(done.rating).toEqual({ status: 'rated', reasons: [] });
        expect(done.players[0].rank).toBe(1);
      }
    }

    const board = (await call('GET', '/api/leaderboard', { token: farmer.token })).body as Row[];
    const row = (a: Account) => board.find((r) => r.id === a.id)!;
    const farmerRow = row(farmer);
    expect(farmerRow.provisional).toBe(true);
    for (const friend of friends) {
      expect(row(friend).provisional).toBe(false);
      // Higher rated than every friend, and still listed below each of them.
      expect(farmerRow.currentElo).toBeGreaterThan(row(friend).currentElo);
      expect(board.indexOf(farmerRow)).toBeGreaterThan(board.indexOf(row(friend)));
    }
    const firstProvisional = board.findIndex((r) => r.provisional);
    expect(board.slice(firstProvisional).every((r) => r.provisional)).toBe(true);
    for (const sybil of sybils) expect(row(sybil).provisional).toBe(true);

    // The profile says why, in the numbers its words are made of.
    const profile = (await call('GET', '/api/profile', { token: farmer.token })).body;
    expect(profile).toMatchObject({
      ratedGames: 18,
      ratedOpponents: 6,
      independentOpponents: 0,
      provisional: true,
    });
    const friendProfile = (await call('GET', '/api/profile', { token: friends[0]!.token })).body;
    expect(friendProfile).toMatchObject({
      ratedGames: 5,
      ratedOpponents: 5,
      independentOpponents: 5,
      provisional: false,
    });
  }, 300_000);
});
