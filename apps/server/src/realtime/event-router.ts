import { CLOSE_POLICY } from '@beerscale/contract/browser-socket';
import type { BrowserHub } from './browser-hub';
import type { GameState } from '@beerscale/contract/game-state';
import type { BrowserConnection } from './browser-connection';
import type { EventBus } from './event-bus';
import type { WatchHub } from '../watch/watch-hub';
import { WATCH_ERRORS } from '@beerscale/contract/watch';

export type GameLoader = (
  gameId: number,
) => Promise<{ state: GameState; userIds: number[] } | null>;

/**
 * The one place where bus events become browser messages (Outline's rule): domain code
 * publishes, this decides which of this instance's sockets hear it.
 */
export function routeBrowserEvents(
  bus: EventBus,
  hub: BrowserHub,
  watchers: WatchHub,
  loadGame: GameLoader,
  leaderOnScale: (mac: string) => Promise<number | null>,
  onError: (err: unknown) => void,
): () => void {
  const unsubscribers = [
    bus.subscribe('game.changed', ({ gameId }) => {
      // The bus carries the id only; the snapshot is read from the tables (DESIGN §11).
      loadGame(gameId)
        .then((loaded) => {
          if (!loaded) return;
          const message = { type: 'GAME_STATE' as const, game: loaded.state };
          const sent = new Set<BrowserConnection>();
          for (const userId of loaded.userIds) {
            for (const conn of hub.connectionsOf(userId)) sent.add(conn);
          }
          if (loaded.state.scaleAddress) {
            for (const conn of hub.watchersOf(loaded.state.scaleAddress)) sent.add(conn);
          }
          // Holders of the game's watch link see what its players see.
          watchers.setScale(gameId, loaded.state.scaleAddress);
          for (const conn of watchers.watchersOf(gameId)) sent.add(conn);
          for (const conn of sent) conn.send(message);
        })
        .catch(onError);
    }),
    bus.subscribe('users.notify', ({ userIds, message }) => hub.sendToUsers(userIds, message)),
    bus.subscribe('session.revoked', ({ jti }) =>
      hub.closeSession(jti, CLOSE_POLICY, 'Logged out'),
    ),
    bus.subscribe('scale.status', ({ mac, connected }) => {
      for (const conn of [...hub.watchersOf(mac), ...watchers.watchersOfScale(mac)]) {
        conn.send({ type: 'SCALE_STATUS', macAddress: mac, connected });
      }
    }),
    bus.subscribe('device.nack', ({ mac, command, error }) => {
      // The leader of the game on the scale can act (reconnect the scale, start again).
      leaderOnScale(mac)
        .then((leader) => {
          if (leader === null) return;
          hub.sendToUsers([leader], { type: 'SCALE_NACK', macAddress: mac, command, error });
        })
        .catch(onError);
    }),
    bus.subscribe('scale.sample', ({ mac, grams, stable, ts }) => {
      const message = { type: 'SCALE_DATA' as const, macAddress: mac, grams, stable, ts };
      for (const conn of hub.watchersOf(mac)) conn.sendSample(message);
      if (watchers.watchesAnyGame) {
        for (const conn of watchers.watchersOfScale(mac)) conn.sendSample(message);
      }
    }),
    bus.subscribe('watch.revoked', ({ gameId }) => {
      for (const conn of [...watchers.watchersOf(gameId)]) {
        conn.send({ type: 'ERROR', message: WATCH_ERRORS.revoked });
        conn.close(CLOSE_POLICY, WATCH_ERRORS.revoked);
      }
    }),
  ];
  return () => unsubscribers.forEach((off) => off());
}
