import { randomBytes } from 'node:crypto';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { SOCKET_MAX_MESSAGE_BYTES } from '@beerscale/contract/limits';
import { CLOSE_GOING_AWAY } from '@beerscale/contract/browser-socket';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import { openAppDatabase } from './db/app-database';
import { registerAccountFeature } from './account/account.feature';
import { registerAdminFeature } from './admin/admin.feature';
import { authFeature, type AuthFeature } from './auth/auth.feature';
import type { AuthService } from './auth/auth.service';
import { cardsFeature } from './cards/cards.feature';
import type { DeviceGateway } from './devices/device-gateway';
import type { ConnectionRecord } from './devices/device-presence';
import { devicePairingFeature, devicesFeature } from './devices/devices.feature';
import { drinksFeature } from './drinks/drinks.feature';
import { fastGamesFeature, type FastGamesFeature } from './game/fast/fast-games.feature';
import type { FastGamesService } from './game/fast/fast-games.service';
import { gamesFeature, type GamesFeature } from './game/lobby/games.feature';
import type { GamesService } from './game/lobby/games.service';
import type { InvitesService } from './game/lobby/invites.service';
import { groupsFeature } from './groups/groups.feature';
import { registerHomeFeature } from './home/home.feature';
import { registerApiDocs } from './http/api-docs';
import { rememberedCaller, requireAuth } from './http/auth-guard';
import type { FeatureCore } from './http/feature-core';
import { openFramework } from './http/framework';
import { httpFeature } from './http/http.feature';
import type { MemoryLane } from './http/memory-lane';
import { EndpointRoutes } from './http/register-endpoint';
import { recordRoutes } from './http/route-list';
import { closeUpgradesAnsweredOverHttp } from './http/upgrade-answered';
import { leaderboardFeature, type LeaderboardFeature } from './leaderboard/leaderboard.feature';
import type { LeaderboardService } from './leaderboard/leaderboard.service';
import { playFeature, type PlayFeature } from './game/play/play.feature';
import type { PlayService } from './game/play/play.service';
import type { BrowserHub } from './realtime/browser-hub';
import type { EventBus } from './realtime/event-bus';
import { presenceFeature, type PresenceFeature } from './realtime/presence.feature';
import type { PresenceService } from './realtime/presence.service';
import { openEventBus, realtimeFeature } from './realtime/realtime.feature';
import { registerReportsFeature } from './reports/reports.feature';
import { startRetentionFeature } from './retention/retention.feature';
import { scalesFeature, type ScalesFeature } from './scales/scales.feature';
import { ScalesRepository } from './scales/scales.repository';
import type { ScalesService } from './scales/scales.service';
import { registerSeatsFeature } from './seats/seats.feature';
import { registerTournamentsFeature } from './tournaments/tournaments.feature';
import { usersFeature, type UsersFeature } from './users/users.feature';
import { UsersRepository } from './users/users.repository';
import type { UsersService } from './users/users.service';
import { watchFeature } from './watch/watch.feature';

export interface App {
  app: FastifyInstance;
  instanceId: string;
  database: DatabaseHandle;
  bus: EventBus;
  hub: BrowserHub;
  devices: DeviceGateway;
  /** Every route registered, `METHOD /path/:param` (route-list.ts). */
  routes: readonly string[];
  /** The hot reads' answers from memory, before the framework (http/memory-lane.ts). */
  lane: MemoryLane;
  services: {
    auth: AuthService;
    users: UsersService;
    presence: PresenceService;
    play: PlayService;
    fastGames: FastGamesService;
    scales: ScalesService;
    games: GamesService;
    invites: InvitesService;
    leaderboard: LeaderboardService;
  };
  /**
   * Stops accepting, closes sockets with 1001 so clients reconnect elsewhere, then the pool.
   * `onStep` hears each step as it begins, so a shutdown that hangs can say where.
   */
  close(onStep?: (step: string) => void): Promise<void>;
}

/**
 * The sockets' routes live in a context of their own with @fastify/websocket: its onRequest
 * and onResponse hooks, global where the plugin is registered, would otherwise run on every
 * API request (docs/PERFORMANCE.md). An upgrade to any other route is closed once answered
 * (http/upgrade-answered.ts, after this).
 */
async function registerSocketContext(
  app: FastifyInstance,
  /** On close, before the port stops accepting: the features' sockets, sent away (1001). */
  goingAway: { hubs: { closeAll(code: number, reason: string): void }[]; gateway: DeviceGateway },
  register: (sockets: FastifyInstance) => void,
): Promise<void> {
  await app.register(async (sockets) => {
    await sockets.register(fastifyWebsocket, {
      options: { maxPayload: SOCKET_MAX_MESSAGE_BYTES },
      // An oversized frame is the client's fault: a refusal in the log, not an error with a stack.
      errorHandler: (err, socket, request) => {
        if ((err as { code?: string }).code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') {
          // ws has sent the close (after a device's REJECT): the peer gets to finish it.
          request.log.info({ path: request.url, refusal: 'Message too large' }, 'socket refused');
          return;
        }
        request.log.error(err);
        socket.terminate();
      },
      // On close, before the port stops accepting: every socket gets 1001 so clients reconnect
      // elsewhere at once; a peer that does not finish the close handshake is cut after a second.
      preClose: async () => {
        for (const hub of goingAway.hubs) hub.closeAll(CLOSE_GOING_AWAY, 'Server shutting down');
        await goingAway.gateway.close();
        for (const client of sockets.websocketServer.clients) client.close(CLOSE_GOING_AWAY);
        const cut = setTimeout(() => {
          for (const client of sockets.websocketServer.clients) client.terminate();
        }, 1_000);
        cut.unref();
      },
    });
    register(sockets);
  });
}

/** Stops accepting and lets requests in flight finish (the sockets close in preClose). */
async function closePort(app: FastifyInstance): Promise<void> {
  // Node closes the connections idle when closing starts; one whose request was in flight
  // would stay open for the keep-alive timeout after its answer, so keep closing idle ones.
  const drain = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearInterval(drain);
  }
}

/** The services the tests and serve.ts reach through `App.services`. */
function servicesOf(features: {
  auth: AuthFeature;
  users: UsersFeature;
  presence: PresenceFeature;
  play: PlayFeature;
  fastGames: FastGamesFeature;
  scales: ScalesFeature;
  games: GamesFeature;
  leaderboard: LeaderboardFeature;
}): App['services'] {
  const { auth, users, presence, play, fastGames, scales, games, leaderboard } = features;
  return {
    auth: auth.service,
    users: users.service,
    presence: presence.service,
    play: play.service,
    fastGames: fastGames.service,
    scales: scales.service,
    games: games.service,
    invites: games.invites,
    leaderboard: leaderboard.service,
  };
}

/**
 * The whole application without `listen`: main.ts serves it, tests drive it. The composition
 * root (docs/ARCHITECTURE.md, Features): the database and the framework, then each feature's
 * registration in dependency order (the bus hears its subscribers in this order), the endpoints
 * in the order below, the sockets, the background work, and the App whose close() ends it all
 * in a fixed order.
 */
export async function buildApp(config: Config): Promise<App> {
  const { database, secrets, settingsCipher } = await openAppDatabase(config);
  const { db } = database;
  const { app, lane } = openFramework(config);
  const routes = recordRoutes(app);
  // Names this process in the bus envelopes, the presence tables and device connection ids.
  const instanceId = `${config.instanceName ?? 'beerscale'}-${randomBytes(4).toString('hex')}`;
  const bus = await openEventBus(database, config.databaseUrl, instanceId, app);
  const core: FeatureCore = { app, db, config, bus, instanceId };

  const realtime = realtimeFeature(core);
  const usersRepo = new UsersRepository(db);
  const scalesRepo = new ScalesRepository(db);
  const presence = await presenceFeature(core, { usersRepo, realtime });
  const auth = await authFeature(core, { secrets, usersRepo, scalesRepo, presence });
  const drinks = drinksFeature(core);
  const users = usersFeature(core, { usersRepo, presence, drinks });
  const play = playFeature(core, { drinks });
  const groups = groupsFeature({ db, config, syncReads: database.syncReads });
  const fastGames = fastGamesFeature(core, { play, groups });
  // Lobbies and scales ask whether a scale is connected; the gateway that knows is built below.
  let gateway: DeviceGateway | null = null;
  const isOnline = (scale: ConnectionRecord) => gateway?.isOnline(scale) ?? false;
  const games = gamesFeature(core, { play, groups, realtime, isOnline });
  const watch = watchFeature(core, { play });
  const leaderboard = leaderboardFeature(core, { presence });
  // The scales' settings need the pairing, and the pairing a scale's settings.
  const pairing = devicePairingFeature(core, (mac) => scales.service.forDevice(mac));
  const scales = scalesFeature(core, { settingsCipher, pairing, isOnline });
  const events = realtime.routeEvents(watch.watchers, play);
  const devices = devicesFeature(core, { pairing, scales, play, realtime, events });
  gateway = devices.gateway;

  const http = await httpFeature(core);
  const endpoints = new EndpointRoutes(
    app,
    { authenticated: requireAuth(auth.service), rememberedCaller: rememberedCaller(auth.service) },
    lane,
  );
  http.register(endpoints);
  auth.register(endpoints);
  users.register(endpoints);
  fastGames.register(endpoints);
  play.register(endpoints);
  scales.register(endpoints);
  registerAdminFeature(core, endpoints, { scalesRepo, usersRepo, devices, pairing });
  registerReportsFeature(core, endpoints);
  registerAccountFeature(core, endpoints, { auth, games });
  registerHomeFeature(core, endpoints, { drinks });
  games.registerLobby(endpoints);
  drinks.register(endpoints, games.repo);
  games.registerInvites(endpoints);
  leaderboard.register(endpoints);
  const cards = cardsFeature(core, { play, watch });
  groups.register(endpoints, cards.drawTable);
  registerTournamentsFeature({
    db,
    routes: endpoints,
    ports: {
      groups: groups.service,
      setUpGame: (body, leader) => fastGames.service.create(body, leader),
      gameState: async (gameId) => (await play.service.snapshotById(gameId))?.state ?? null,
      drawTable: cards.drawTable,
    },
  });
  watch.register(endpoints);
  const seats = registerSeatsFeature({
    app,
    db,
    routes: endpoints,
    play: play.service,
    bus,
    watchPathOf: (gameId) => watch.service.pathForJoin(gameId),
    onError: (err) => app.log.warn({ err }, 'seats'),
  });
  watch.registerPage(http.serving);
  cards.register(endpoints);
  const goingAway = { hubs: [realtime.hub, watch.watchers], gateway: devices.gateway };
  await registerSocketContext(app, goingAway, (sockets) => {
    devices.registerSocket(sockets);
    realtime.registerSocket(sockets, { auth, presence });
    watch.registerSocket(sockets, seats);
  });
  closeUpgradesAnsweredOverHttp(app.server);
  lane.attach(app);
  await registerApiDocs(app, endpoints);

  const live = realtime.start();
  const stopSessionSweep = await startRetentionFeature(core);
  const watching = watch.start();

  let closed = false;
  return {
    app,
    instanceId,
    database,
    bus,
    hub: realtime.hub,
    devices: devices.gateway,
    routes,
    lane,
    services: servicesOf({ auth, users, presence, play, fastGames, scales, games, leaderboard }),
    async close(onStep = () => {}) {
      if (closed) return;
      closed = true;
      live.stopHeartbeat();
      watching.stopHeartbeat();
      watching.stopExpiry();
      live.stopRouting();
      const sweepDone = stopSessionSweep();
      // Stops accepting, lets requests in flight finish; sockets close in preClose above.
      onStep('http server and sockets');
      await closePort(app);
      // Requests in flight may still have commands for scales held here until the sockets went.
      devices.stopNotifying();
      onStep('presence');
      await presence.service.leave().catch((err) => app.log.warn({ err }, 'presence on shutdown'));
      onStep('event bus');
      await bus.close();
      onStep('database');
      await sweepDone;
      await database.close();
    },
  };
}
