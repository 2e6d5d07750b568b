import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { AuthFeature } from '../auth/auth.feature';
import type { DatabaseHandle } from '../db/database';
import type { FeatureCore } from '../http/feature-core';
import type { PlayFeature } from '../game/play/play.feature';
import type { WatchHub } from '../watch/watch-hub';
import { BrowserHub } from './browser-hub';
import { BrowserMessageRouter } from './browser-messages';
import { registerBrowserSocket } from './browser-socket.routes';
import { LocalEventBus, type EventBus } from './event-bus';
import { EventRouter } from './event-router';
import { startHeartbeat } from './heartbeat';
import { PgEventBus } from './pg-event-bus';
import type { PresenceFeature } from './presence.feature';

/** Abuse limits' defaults (configurable): open browser sockets per account and per address. */
const BROWSER_SOCKETS_PER_USER = 20;
const BROWSER_SOCKETS_PER_ADDRESS = 100;

/** In-process on SQLite; PostgreSQL LISTEN/NOTIFY across instances (docs/ARCHITECTURE.md). */
export async function openEventBus(
  database: DatabaseHandle,
  url: string,
  instanceId: string,
  app: FastifyInstance,
): Promise<EventBus> {
  const pool = database.pool;
  if (!pool) {
    return new LocalEventBus((err, type) => app.log.error({ err, type }, 'bus handler failed'));
  }
  const bus = new PgEventBus({
    instanceId,
    connect: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    },
    notify: (channel, payload) => pool.query('select pg_notify($1, $2)', [channel, payload]),
    onError: (err, what) => app.log.error({ err }, `event bus: ${what}`),
  });
  await bus.start();
  return bus;
}

export interface RealtimeFeature {
  /** This instance's browser sockets. */
  hub: BrowserHub;
  /** The handlers of the browser sockets' incoming messages, per type (features add theirs). */
  router: BrowserMessageRouter;
  /**
   * The one bus -> sockets router (event-router.ts), built once the watch links' hub and the
   * game loader exist; `start` starts it.
   */
  routeEvents(watchers: WatchHub, play: PlayFeature): EventRouter;
  /** `/ws`, in the sockets' own context. */
  registerSocket(
    sockets: FastifyInstance,
    deps: { auth: AuthFeature; presence: PresenceFeature },
  ): void;
  /** Routes the bus's facts to the sockets and pings them; each stop is called on close. */
  start(): { stopRouting: () => void; stopHeartbeat: () => void };
}

/** The browser's live channel (docs/ARCHITECTURE.md, Live channel and presence). */
export function realtimeFeature({ app, bus, config }: FeatureCore): RealtimeFeature {
  const hub = new BrowserHub();
  const router = new BrowserMessageRouter();
  let events: EventRouter | null = null;
  return {
    hub,
    router,
    routeEvents(watchers, { service: play }) {
      events = new EventRouter(bus, hub, watchers, {
        loadGame: (gameId) => play.snapshotById(gameId),
        leaderOnScale: (mac) => play.leaderOnScale(mac),
        onError: (err) => app.log.warn({ err }, 'event routing failed'),
      });
      return events;
    },
    registerSocket(sockets, { auth, presence }) {
      registerBrowserSocket(sockets, {
        auth: auth.service,
        hub,
        presence: presence.service,
        router,
        caps: {
          perUser: config.browserSocketsPerUser ?? BROWSER_SOCKETS_PER_USER,
          perAddress: config.browserSocketsPerAddress ?? BROWSER_SOCKETS_PER_ADDRESS,
        },
      });
    },
    start() {
      if (!events) throw new Error('realtime: start() before routeEvents()');
      const stopRouting = events.start();
      return { stopRouting, stopHeartbeat: startHeartbeat(hub) };
    },
  };
}
