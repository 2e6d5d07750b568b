import type { HomeReply } from '@beerscale/contract/home';
import { describe, expect, it } from 'vitest';
import { switchableBus } from '../../test/support/switchable-bus';
import { RememberedHomes } from './remembered-homes';

const ANN = 7;
const SHOWN_GAME = 40;

/** Ann's home as the database answers it, counting the reads. */
function homeOf(activeGameId: number | null) {
  const source = {
    reads: 0,
    load: () => {
      source.reads += 1;
      const home: HomeReply = {
        user: { id: ANN, username: 'ann', playerName: `Ann${source.reads}` },
        stats: {
          current_elo: 1200,
          peak_elo: 1200,
          games_played: 0,
          games_won: 0,
          total_exact_matches: 0,
          total_penalties: 0,
          best_mean_difference: null,
          average_mean_difference: null,
        },
        recentGames: [],
        activeGame:
          activeGameId === null ? null : { id: activeGameId, name: 'Friday', status: 'pending' },
        tonight: { drankGrams: 0, alcoholGrams: 0, standardDrinks: 0 },
      };
      return Promise.resolve(home);
    },
  };
  return source;
}

describe('RememberedHomes', () => {
  it('reads a home once, and again after a fact about the player or the game it shows', async () => {
    const bus = switchableBus();
    const homes = new RememberedHomes(bus);
    const source = homeOf(SHOWN_GAME);
    const read = () => homes.read(ANN, source.load);
    await read();
    await read();
    expect(source.reads).toBe(1);

    // Facts about other players and other games leave it alone.
    bus.publish('game.created', { gameId: 41, creatorId: 8, mode: 'fast' });
    bus.publish('game.stepped', { gameId: 41, mac: null, displays: [] });
    bus.publish('user.renamed', { userId: 8 });
    await read();
    expect(source.reads).toBe(1);

    const facts = [
      () => bus.publish('game.stepped', { gameId: SHOWN_GAME, mac: null, displays: [] }),
      () => bus.publish('game.started', { gameId: SHOWN_GAME, mac: 'AABBCCDDEEFF' }),
      () => bus.publish('lobby.set-up', { gameId: SHOWN_GAME, leaderId: 1, memberIds: [1] }),
      () => bus.publish('game.created', { gameId: 42, creatorId: ANN, mode: 'ranked' }),
      () => bus.publish('user.renamed', { userId: ANN }),
      () =>
        bus.publish('participant.joined', {
          gameId: 43,
          leaderId: 8,
          playerId: ANN,
          playerName: 'Ann',
          memberIds: [8],
        }),
    ];
    for (const [i, fact] of facts.entries()) {
      fact();
      expect((await read()).user.playerName, `fact ${i}`).toBe(`Ann${i + 2}`);
    }
  });

  it('keeps no read that a fact overtook', async () => {
    const bus = switchableBus();
    const homes = new RememberedHomes(bus);
    const source = homeOf(null);
    await homes.read(ANN, async () => {
      const home = await source.load();
      bus.publish('game.created', { gameId: 44, creatorId: ANN, mode: 'fast' });
      return home;
    });
    await homes.read(ANN, source.load);
    expect(source.reads).toBe(2);
  });

  it('trusts nothing while the bus may miss facts, and forgets everything when it is back', async () => {
    const bus = switchableBus();
    const homes = new RememberedHomes(bus);
    const source = homeOf(null);
    const read = () => homes.read(ANN, source.load);
    await read();
    bus.inSync = false;
    await read();
    await read();
    expect(source.reads).toBe(3);
    bus.resync();
    await read();
    await read();
    expect(source.reads).toBe(4);
  });
});
