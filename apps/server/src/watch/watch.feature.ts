import type { FastifyInstance } from 'fastify';
import { WATCH_MAX_PER_ADDRESS, WATCH_MAX_PER_GAME } from '@beerscale/contract/watch';
import type { FeatureCore } from '../http/feature-core';
import type { EndpointRoutes } from '../http/register-endpoint';
import type { PlayFeature } from '../game/play/play.feature';
import { startHeartbeat } from '../realtime/heartbeat';
import { startWatchExpiry } from './watch-expiry';
import { registerWatchFollow } from './watch-follow';
import { WatchHub } from './watch-hub';
import { WatchLinksRepository } from './watch-links.repository';
import { registerWatchPage } from './watch-page';
import { registerWatchSocket, type SeatSockets } from './watch-socket.routes';
import { registerWatchRoutes } from './watch.routes';
import { WatchService } from './watch.service';

export interface WatchFeature {
  service: WatchService;
  /** This instance's watch sockets, by game (the event router delivers to them). */
  watchers: WatchHub;
  /** The leader's link: GET/POST /api/games/{id}/watch..., GET /api/watch/{token}. */
  register(routes: EndpointRoutes): void;
  /** /watch/{token} as served (with the game's Open Graph tags), when the web app is served. */
  registerPage(serving: boolean): void;
  /** /ws/watch (a link's watchers, a seat's phone), in the sockets' own context. */
  registerSocket(sockets: FastifyInstance, seats: SeatSockets): void;
  /** Pings the watchers, follows a leader's next game, expires links; each stop on close. */
  start(): { stopHeartbeat: () => void; stopExpiry: () => void };
}

/** Watch links (docs/ARCHITECTURE.md, The table screen and the watch page). */
export function watchFeature(
  { app, db, bus, config }: FeatureCore,
  deps: { play: PlayFeature },
): WatchFeature {
  const play = deps.play.service;
  const watchers = new WatchHub(WATCH_MAX_PER_GAME, WATCH_MAX_PER_ADDRESS);
  const snapshot = async (gameId: number) => (await play.snapshotById(gameId))?.state ?? null;
  const service = new WatchService(new WatchLinksRepository(db), snapshot, bus);
  return {
    service,
    watchers,
    register: (routes) => registerWatchRoutes(routes, service),
    registerPage(serving) {
      if (serving && config.webDist)
        registerWatchPage(app, config.webDist, (t) => service.state(t));
    },
    registerSocket: (sockets, seats) => registerWatchSocket(sockets, service, watchers, seats),
    start() {
      const stopHeartbeat = startHeartbeat(watchers);
      registerWatchFollow(bus, service, watchers, snapshot, (err) =>
        app.log.warn({ err }, 'watch link follow failed'),
      );
      const stopExpiry = startWatchExpiry(
        watchers,
        service,
        (err) => app.log.warn({ err }, 'watch link expiry failed'),
        config.watchExpiryCheckMs,
      );
      return { stopHeartbeat, stopExpiry };
    },
  };
}
