import { CLOSE_POLICY, type ServerToBrowser } from '@beerscale/contract/browser-socket';
import type { GameState } from '@beerscale/contract/game-state';
import { SEAT_REFUSALS } from '@beerscale/contract/seat-messages';
import { WATCH_ERRORS } from '@beerscale/contract/watch';
import type { WatchHub } from '../watch/watch-hub';
import {
  WATCH_SCOPE,
  sendsWatchersState,
  watchedScale,
  watcherSample,
  watcherScaleStatus,
  watcherView,
  type WatchScope,
} from '../watch/watch-scope';
import type { BrowserConnection } from './browser-connection';
import type { BrowserHub } from './browser-hub';
import { GAME_CHANGES, type BusEvents, type BusEventType } from './bus-events';
import type { EventBus } from './event-bus';
import { NewestSnapshot } from './newest-snapshot';
import { LOBBY_MESSAGES, type Delivery, type LobbyFact } from './routes/lobby';

export type GameLoader = (
  gameId: number,
) => Promise<{ state: GameState; userIds: number[] } | null>;

export interface RouterSources {
  /** A game's snapshot and its players' accounts, read from the tables. */
  loadGame: GameLoader;
  /** The leader of the game set up or running on a scale, if any. */
  leaderOnScale: (mac: string) => Promise<number | null>;
  onError: (err: unknown) => void;
}

/** What a socket that starts watching a scale is told first: where its scale stands. */
export interface ScaleGreeting {
  mac: string;
  connected: boolean;
  sample?: { grams: number; stable: boolean; at: number };
}

/**
 * The one place where bus events become browser messages (Outline's rule): domain code
 * publishes facts, this decides which of this instance's sockets hear what. `greetWatcher`
 * words the first messages of a scale selection, so every browser message of the live
 * streams is built here.
 */
export class EventRouter {
  /** Each game's snapshots reach its sockets newest last (newest-snapshot.ts). */
  private readonly newest = new NewestSnapshot();

  constructor(
    private readonly bus: EventBus,
    private readonly hub: BrowserHub,
    private readonly watchers: WatchHub,
    private readonly sources: RouterSources,
    /** What watch links get of each fact (watch-scope.ts); every watcher delivery asks it. */
    private readonly scope: WatchScope = WATCH_SCOPE,
  ) {}

  start(): () => void {
    const offs: (() => void)[] = [];
    const changes: readonly string[] = GAME_CHANGES;
    for (const type of Object.keys(LOBBY_MESSAGES) as LobbyFact[]) {
      const translate = LOBBY_MESSAGES[type] as (event: unknown) => Delivery[];
      offs.push(
        this.bus.subscribe(type, (event) => {
          for (const { to, message } of translate(event)) this.toUsers(to, message);
          if (changes.includes(type)) {
            this.sendGameState((event as { gameId: number }).gameId, type);
          }
        }),
      );
    }
    const stateOnly = GAME_CHANGES.filter((type) => !(type in LOBBY_MESSAGES));
    for (const type of stateOnly) {
      offs.push(
        this.bus.subscribe(type, (event: BusEvents[typeof type]) => {
          if (type === 'game.completed') {
            const { gameId, gameName, userIds } = event as BusEvents['game.completed'];
            this.toUsers(userIds, { type: 'GAME_COMPLETED', gameId, gameName });
          }
          this.sendGameState(event.gameId, type);
        }),
      );
    }
    offs.push(
      this.bus.subscribe('session.revoked', ({ jti }) =>
        this.hub.closeSession(jti, CLOSE_POLICY, 'Logged out'),
      ),
      this.bus.subscribe('scale.status', ({ mac, connected }) => {
        for (const conn of this.hub.watchersOf(mac)) {
          conn.send({ type: 'SCALE_STATUS', macAddress: mac, connected });
        }
      }),
      this.bus.subscribe('device.nack', ({ mac, command, error }) => {
        // The leader of the game on the scale can act (reconnect the scale, start again).
        this.sources
          .leaderOnScale(mac)
          .then((leader) => {
            if (leader === null) return;
            this.toUsers([leader], { type: 'SCALE_NACK', macAddress: mac, command, error });
          })
          .catch(this.sources.onError);
      }),
      this.bus.subscribe('scale.sample', ({ mac, grams, stable, ts }) => {
        const message = { type: 'SCALE_DATA' as const, macAddress: mac, grams, stable, ts };
        for (const conn of this.hub.watchersOf(mac)) conn.sendSample(message);
      }),
    );
    // Watch links hear a fact only as the scope table says, whatever the fact.
    for (const type of Object.keys(this.scope) as BusEventType[]) {
      const delivery = this.scope[type];
      if (delivery === 'held-back') continue;
      // A game change already sends its snapshot (sendGameState asks the table for watchers).
      if (delivery === 'game-state' && changes.includes(type)) continue;
      offs.push(this.bus.subscribe(type, (event) => this.toWatchers(type, event)));
    }
    return () => offs.forEach((off) => off());
  }

  /** One fact to the watch links, as the scope table says (its type makes each cast hold). */
  private toWatchers(type: BusEventType, event: unknown): void {
    switch (this.scope[type]) {
      case 'game-state':
        return this.sendWatcherState((event as { gameId: number }).gameId);
      case 'weight': {
        if (!this.watchers.watchesAnyGame) return;
        const { mac, grams, stable, ts } = event as BusEvents['scale.sample'];
        const sample = { type: 'SCALE_DATA' as const, macAddress: mac, grams, stable, ts };
        const anonymous = watcherSample(sample);
        for (const conn of this.watchers.watchersOfScale(mac)) conn.sendSample(anonymous);
        return;
      }
      case 'scale-connection': {
        const { mac, connected } = event as BusEvents['scale.status'];
        const message = watcherScaleStatus(connected);
        for (const conn of this.watchers.watchersOfScale(mac)) conn.send(message);
        return;
      }
      case 'sent-away': {
        // The link's watchers; the game's seats hold no link and stay.
        const { gameId } = event as { gameId: number };
        for (const conn of this.watchers.linkWatchersOf(gameId)) {
          conn.send({ type: 'ERROR', message: WATCH_ERRORS.revoked });
          conn.close(CLOSE_POLICY, WATCH_ERRORS.revoked);
        }
        return;
      }
      case 'seat-ended': {
        const { gameId, playerId } = event as BusEvents['seat.released'];
        for (const conn of this.watchers.seatSocketsOf(gameId, playerId)) {
          conn.send({ type: 'ERROR', message: SEAT_REFUSALS.seatEnded });
          conn.close(CLOSE_POLICY, SEAT_REFUSALS.seatEnded);
        }
        return;
      }
      case 'held-back':
        return;
    }
  }

  /** A fact outside the game changes that the table still lets watchers see as a snapshot. */
  private sendWatcherState(gameId: number): void {
    const key = `watchers:${gameId}`;
    const read = this.newest.begin(key);
    this.sources
      .loadGame(gameId)
      .then(
        (loaded) => {
          if (!this.newest.end(key, read) || !loaded) return;
          const message = { type: 'GAME_STATE' as const, game: watcherView(loaded.state) };
          for (const conn of this.watchers.watchersOf(gameId)) conn.send(message);
        },
        this.endRead(key, read),
      )
      .catch(this.sources.onError);
  }

  /** A failed read still ends (its error goes on to onError). */
  private endRead(key: string, read: number) {
    return (err: unknown) => {
      this.newest.end(key, read);
      throw err;
    };
  }

  /** SELECT_SCALE was granted: the scale's connection, and its newest sample if one is here. */
  greetWatcher(conn: BrowserConnection, { mac, connected, sample }: ScaleGreeting): void {
    conn.send({ type: 'SCALE_STATUS', macAddress: mac, connected });
    if (sample) {
      conn.send({
        type: 'SCALE_DATA',
        macAddress: mac,
        grams: sample.grams,
        stable: sample.stable,
        ts: sample.at,
      });
    }
  }

  private toUsers(userIds: number[], message: ServerToBrowser): void {
    this.hub.sendToUsers(new Set(userIds), message);
  }

  /**
   * The bus carries the id only (its payloads stay small, docs/ARCHITECTURE.md); the snapshot is
   * read from the tables. Watch links get it as watch-scope.ts says.
   */
  private sendGameState(gameId: number, cause: BusEventType): void {
    const players = `players:${gameId}`;
    const watchers = `watchers:${gameId}`;
    const toWatchers = sendsWatchersState(cause, this.scope);
    const read = this.newest.begin(players);
    const watcherRead = toWatchers ? this.newest.begin(watchers) : 0;
    this.sources
      .loadGame(gameId)
      .then(
        (loaded) => {
          const forPlayers = this.newest.end(players, read);
          const forWatchers = toWatchers && this.newest.end(watchers, watcherRead);
          if (loaded) this.deliverState(gameId, loaded, forPlayers, forWatchers);
        },
        (err: unknown) => {
          this.newest.end(players, read);
          if (toWatchers) this.newest.end(watchers, watcherRead);
          throw err;
        },
      )
      .catch(this.sources.onError);
  }

  /** A snapshot to the game's players and scale watchers, and to its watch links if asked. */
  private deliverState(
    gameId: number,
    loaded: { state: GameState; userIds: number[] },
    forPlayers: boolean,
    forWatchers: boolean,
  ): void {
    const message = { type: 'GAME_STATE' as const, game: loaded.state };
    const sent = new Set<BrowserConnection>();
    for (const userId of loaded.userIds) {
      for (const conn of this.hub.connectionsOf(userId)) sent.add(conn);
    }
    if (loaded.state.scaleAddress) {
      for (const conn of this.hub.watchersOf(loaded.state.scaleAddress)) sent.add(conn);
    }
    if (forPlayers) for (const conn of sent) conn.send(message);
    if (!forWatchers) return;
    // An older snapshot must not point the link back at the scale of a game that ended.
    this.watchers.setScale(gameId, watchedScale(loaded.state));
    const watcherMessage = { type: 'GAME_STATE' as const, game: watcherView(loaded.state) };
    for (const conn of this.watchers.watchersOf(gameId)) {
      if (!sent.has(conn)) conn.send(watcherMessage);
    }
  }
}
