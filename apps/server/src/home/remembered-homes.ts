import type { HomeReply } from '@beerscale/contract/home';
import { LRUCache } from 'lru-cache';
import { onGameChange } from '../realtime/bus-events';
import type { EventBus } from '../realtime/event-bus';

/** How many players' home pages one instance remembers (about 1.5 KB each). */
const REMEMBERED = 10_000;

/**
 * Every player's home reply, from memory (docs/PERFORMANCE.md: three reads per request were
 * the home page's whole cost). A reply once read is remembered until a fact on the bus says it
 * may have changed, on whichever instance it happened:
 * - the player's name changes when they rename themselves (`user.renamed`);
 * - the open game shown changes when the player creates or joins a game (`game.created`,
 *   `participant.joined`; creating and joining also close an unstarted fast game of theirs);
 * - everything else happens to the one open game a player may have (game/lobby/ rules): the
 *   replies that show it are dropped on every fact about it (leaving, a kick, set-up, start,
 *   cancellation, completion, which is also when figures and recent games change).
 * A read that started before a fact is not remembered (the epoch), and nothing is trusted while
 * the bus may miss other instances' facts; what was remembered is dropped when it is back.
 */
export class RememberedHomes {
  private readonly homes: LRUCache<number, HomeReply>;
  /** The players whose remembered reply shows this open game. */
  private readonly byOpenGame = new Map<number, Set<number>>();
  private epoch = 0;

  constructor(private readonly bus: EventBus) {
    this.homes = new LRUCache({
      max: REMEMBERED,
      dispose: (home, userId) => this.unindex(home, userId),
    });
    const forget = (userIds: readonly number[]) => {
      this.epoch += 1;
      for (const userId of userIds) this.homes.delete(userId);
    };
    const forgetGame = (gameId: number) => {
      this.epoch += 1;
      for (const userId of [...(this.byOpenGame.get(gameId) ?? [])]) this.homes.delete(userId);
    };
    // What gives a player another game, or another name.
    bus.subscribe('game.created', ({ creatorId }) => forget([creatorId]));
    bus.subscribe('participant.joined', ({ playerId }) => forget([playerId]));
    bus.subscribe('user.renamed', ({ userId }) => forget([userId]));
    // A voided game takes back figures of players for whom it is no longer the open game.
    bus.subscribe('game.voided', ({ userIds }) => forget(userIds));
    // Whatever happens to the game shown: a player has one open game at most, so this covers
    // leaving it, being kicked, its set-up, start, cancellation and completion (which is also
    // when the figures and recent games change).
    onGameChange(bus, forgetGame);
    bus.subscribe('game.started', ({ gameId }) => forgetGame(gameId));
    bus.onResync(() => {
      this.epoch += 1;
      this.homes.clear();
    });
  }

  /** The player's remembered home, while the bus is in sync; else undefined. */
  known(userId: number): HomeReply | undefined {
    return this.bus.inSync ? this.homes.get(userId) : undefined;
  }

  /** The player's home: remembered, or read by `load` (and remembered if nothing changed). */
  async read(userId: number, load: () => Promise<HomeReply>): Promise<HomeReply> {
    const known = this.known(userId);
    if (known) return known;
    const epoch = this.epoch;
    const home = await load();
    if (this.bus.inSync && epoch === this.epoch) {
      this.homes.set(userId, home);
      if (home.activeGame) {
        let users = this.byOpenGame.get(home.activeGame.id);
        if (!users) this.byOpenGame.set(home.activeGame.id, (users = new Set()));
        users.add(userId);
      }
    }
    return home;
  }

  private unindex(home: HomeReply, userId: number) {
    if (!home.activeGame) return;
    const users = this.byOpenGame.get(home.activeGame.id);
    users?.delete(userId);
    if (users?.size === 0) this.byOpenGame.delete(home.activeGame.id);
  }
}
