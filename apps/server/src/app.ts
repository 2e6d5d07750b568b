import { randomBytes } from 'node:crypto';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerFactory } from 'fastify';
import pg from 'pg';
import {
  AUTH_LIMITS,
  SOCKET_MAX_MESSAGE_BYTES,
  PRESENCE_GRACE_MS,
} from '@beerscale/contract/limits';
import { CLOSE_GOING_AWAY } from '@beerscale/contract/browser-socket';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/database';
import { migrateToLatest } from './db/migrate';
import { DatabaseHealth, SELECT_ONE } from './db/database-health';
import { registerAuthRoutes } from './auth/auth.routes';
import { AuthService } from './auth/auth.service';
import { AuthLimiter } from './auth/auth-limiter';
import { SecretsRepository } from './auth/secrets.repository';
import { SessionsRepository } from './auth/sessions.repository';
import { RetentionRepository, startRetentionSweep } from './retention/retention-sweep';
import { RememberedSessions } from './auth/remembered-sessions';
import { TokenSigner } from './auth/tokens';
import { requireAuth } from './http/auth-guard';
import { registerErrorHandler } from './http/error-handler';
import { registerHealthRoute } from './http/health.routes';
import { EndpointRoutes } from './http/register-endpoint';
import { registerApiDocs } from './http/api-docs';
import { recordRoutes } from './http/route-list';
import { registerWebApp } from './http/web-app';
import { registerCompression } from './http/compression';
import { helmetHeaders } from './http/security-headers';
import { securedResponse } from './http/secured-response';
import { frameworkErrors } from './http/framework-errors';
import { httpServerOptions } from './http/timeouts';
import { closeUpgradesAnsweredOverHttp } from './http/upgrade-answered';
import { redactUrl } from './http/redact';
import { httpsWithPlainFallback } from './http/tls-server';
import { RequestLog } from './http/request-log';
import { BrowserHub } from './realtime/browser-hub';
import { BrowserMessageRouter } from './realtime/browser-messages';
import { registerBrowserSocket } from './realtime/browser-socket.routes';
import { LocalEventBus, type EventBus } from './realtime/event-bus';
import { PgEventBus } from './realtime/pg-event-bus';
import { PresenceRepository } from './realtime/presence.repository';
import { EventRouter } from './realtime/event-router';
import { startHeartbeat } from './realtime/heartbeat';
import { PresenceService } from './realtime/presence.service';
import { UserStatuses } from './realtime/user-statuses';
import { ScalesRepository } from './scales/scales.repository';
import { registerUsersRoutes } from './users/users.routes';
import { UsersRepository } from './users/users.repository';
import { UsersService } from './users/users.service';
import { FastGamesRepository } from './fast-games/fast-games.repository';
import { registerFastGameRoutes } from './fast-games/fast-games.routes';
import { FastGamesService } from './fast-games/fast-games.service';
import { GameCompletionRepository } from './play/game-completion.repository';
import { createJsonEngine } from './play/json-engine';
import { DEFAULT_ENGINE_TIMINGS } from './play/engine/timings';
import { PlayRepository } from './play/play.repository';
import { registerPlayRoutes } from './play/play.routes';
import { PlayService } from './play/play.service';
import { GameResults } from './play/game-results';
import { GameStepper } from './play/game-stepper';
import { rateGame } from './rating/game-rating';
import { DeviceGateway } from './devices/device-gateway';
import { DevicesRepository } from './devices/devices.repository';
import { DevicePairingService } from './devices/device-pairing.service';
import { PendingPairings } from './devices/pending-pairings';
import { registerDeviceSocket } from './devices/device-socket.routes';
import { registerScaleWatch } from './devices/scale-watch';
import { DeviceNotifier } from './devices/device-notifier';
import { registerBluetoothBridge } from './devices/bridge.service';
import { BridgeRepository } from './devices/bridge.repository';
import { ScaleSettingsRepository } from './scales/scale-settings.repository';
import { registerScalesRoutes } from './scales/scales.routes';
import { ScalesService } from './scales/scales.service';
import { openSettingsCipher } from './scales/settings-key';
import { StoredPasswordsRepository } from './scales/stored-passwords.repository';
import { registerAdminRoutes } from './admin/admin.routes';
import { ReportsRepository } from './reports/reports.repository';
import { registerReportsRoutes } from './reports/reports.routes';
import { ReportsService } from './reports/reports.service';
import { HomeRepository } from './home/home.repository';
import { GamesRepository } from './games/games.repository';
import { registerGamesRoutes } from './games/games.routes';
import { DrinksRepository } from './drinks/drinks.repository';
import { DrinksService } from './drinks/drinks.service';
import { GameDrinks } from './drinks/game-drinks.service';
import { registerDrinksRoutes } from './drinks/drinks.routes';
import { GamesService } from './games/games.service';
import { registerInvitesRoutes } from './games/invites.routes';
import { InvitesService } from './games/invites.service';
import { registerParticipantOrder } from './games/participant-order';
import { invalidateLeaderboard } from './leaderboard/leaderboard-invalidation';
import { LeaderboardRepository } from './leaderboard/leaderboard.repository';
import { registerLeaderboardRoutes } from './leaderboard/leaderboard.routes';
import { LeaderboardService } from './leaderboard/leaderboard.service';
import { registerHomeRoutes } from './home/home.routes';
import { HomeService } from './home/home.service';
import { RememberedHomes } from './home/remembered-homes';
import { AdminService } from './admin/admin.service';
import { AccountRepository } from './account/account.repository';
import { AccountAdminService } from './account/account-admin.service';
import { AccountService } from './account/account.service';
import { registerAccountRoutes } from './account/account.routes';
import { PasswordResetsRepository } from './account/password-resets.repository';
import { groupsFeature } from './groups/groups.feature';
import { registerTournamentsFeature } from './tournaments/tournaments.feature';
import { WatchHub } from './watch/watch-hub';
import { WatchLinksRepository } from './watch/watch-links.repository';
import { registerWatchRoutes } from './watch/watch.routes';
import { registerWatchPage } from './watch/watch-page';
import { registerCardRoutes } from './cards/card.routes';
import { CARD_LIMITS, CardService } from './cards/card.service';
import type { TableCard } from './cards/table-card';
import { registerWatchSocket } from './watch/watch-socket.routes';
import { WatchService } from './watch/watch.service';
import { startWatchExpiry } from './watch/watch-expiry';
import { registerWatchFollow } from './watch/watch-follow';
import { WATCH_MAX_PER_ADDRESS, WATCH_MAX_PER_GAME } from '@beerscale/contract/watch';
import { joinCodeOf, registerSeatsFeature } from './seats/seats.feature';

export interface App {
  app: FastifyInstance;
  instanceId: string;
  database: DatabaseHandle;
  bus: EventBus;
  hub: BrowserHub;
  devices: DeviceGateway;
  /** Every route registered, `METHOD /path/:param` (route-list.ts). */
  routes: readonly string[];
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

/** Helmet's options: the headers every reply carries (computed once, at start). */
const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      connectSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  // Without TLS phones on the LAN reach the app over plain http; HSTS would lock them out.
  strictTransportSecurity: false as false | { maxAge: number },
};

/** A year: how long a browser keeps to HTTPS once it saw the TLS port's HSTS header. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 3600;

/** Abuse limits' defaults (configurable): open browser sockets per account and per address. */
const BROWSER_SOCKETS_PER_USER = 20;
const BROWSER_SOCKETS_PER_ADDRESS = 100;

/** Heartbeat and sweep period of presence, and how long a silent instance counts as alive. */
const PRESENCE_SWEEP_MS = 5_000;
const INSTANCE_STALE_MS = 20_000;
/** Ended sessions, expired watch and reset links are deleted hourly (retention-sweep.ts). */
const SESSION_SWEEP_MS = 60 * 60_000;

/** In-process on SQLite; PostgreSQL LISTEN/NOTIFY across instances (docs/ARCHITECTURE.md). */
async function openEventBus(
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

/** The whole application without `listen`: main.ts serves it, tests drive it. */
export async function buildApp(config: Config): Promise<App> {
  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database);
  const { db } = database;
  const secrets = new SecretsRepository(db);
  // Before anything starts: a settings key that does not fit the stored passwords stops here.
  const settingsCipher = await openSettingsCipher(
    config.settingsKey,
    secrets,
    new StoredPasswordsRepository(db),
  ).catch(async (err: unknown) => {
    await database.close();
    throw err;
  });

  // With TLS the port redirects plain HTTP (but scales' ws://) to HTTPS: browsers may be told to
  // come back over HTTPS only. Without TLS phones on the LAN use plain http: no HSTS then.
  const securityHeaders = helmetHeaders(
    config.tls
      ? { ...HELMET_OPTIONS, strictTransportSecurity: { maxAge: HSTS_MAX_AGE_SECONDS } }
      : HELMET_OPTIONS,
  );
  const limits = httpServerOptions(config);
  // Every reply of the port is written by this class, which adds the security headers.
  const serverOptions = {
    ...limits,
    http: { ...limits.http, ServerResponse: securedResponse(securityHeaders) },
  };
  const tls = config.tls;
  const serverFactory: FastifyServerFactory | undefined = tls
    ? (handler) =>
        httpsWithPlainFallback(tls, handler, {
          ...serverOptions.http,
          keepAliveTimeout: serverOptions.keepAliveTimeout,
          publicUrl: config.publicUrl,
        })
    : undefined;
  const app = Fastify({
    serverFactory,
    bodyLimit: SOCKET_MAX_MESSAGE_BYTES,
    trustProxy: config.trustProxy,
    ...serverOptions,
    // Refusals Fastify makes before any hook runs carry the same headers as every reply.
    frameworkErrors: frameworkErrors(securityHeaders),
    logController: new RequestLog(),
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(config.logStream ? { stream: config.logStream } : {}),
            // Socket tokens travel in the query string: never let one reach a log line. The
            // request's id is on every line already (reqId): not a second time in `req`.
            serializers: {
              req: (req) => ({
                method: req.method,
                url: redactUrl(req.url),
                // The client's address as the app sees it: through trusted proxies only.
                remoteAddress: req.ip,
              }),
            },
          },
  });
  const routes = recordRoutes(app);
  app.decorateRequest('auth', null);

  // Names this process in the bus envelopes, the presence tables and device connection ids.
  const instanceId = `${config.instanceName ?? 'beerscale'}-${randomBytes(4).toString('hex')}`;
  const bus = await openEventBus(database, config.databaseUrl, instanceId, app);
  const hub = new BrowserHub();
  const watchers = new WatchHub(WATCH_MAX_PER_GAME, WATCH_MAX_PER_ADDRESS);
  const router = new BrowserMessageRouter();

  const usersRepo = new UsersRepository(db);
  const scalesRepo = new ScalesRepository(db);
  const jwtSecret = config.jwtSecret ?? (await secrets.getOrCreate('jwt_secret'));

  const presence = new PresenceService(
    usersRepo,
    new PresenceRepository(db),
    instanceId,
    {
      graceMs: config.presenceGraceMs ?? PRESENCE_GRACE_MS,
      sweepMs: config.presenceSweepMs ?? PRESENCE_SWEEP_MS,
      instanceStaleMs: config.instanceStaleMs ?? INSTANCE_STALE_MS,
    },
    (userId) => hub.socketsOf(userId),
    (err) => app.log.warn({ err }, 'presence update failed'),
    (userIds, status) => bus.publish('users.status-changed', { userIds, status }),
  );
  const statuses = new UserStatuses((ids) => usersRepo.statuses(ids), bus);
  await presence.start();
  // A status claimed without any open socket (a login, a PUT) expires after the grace period.
  const expireUnheldStatus = (userId: number) => presence.statusClaimed(userId);
  const sessions = new SessionsRepository(db);
  const authLimiter = new AuthLimiter({ ...AUTH_LIMITS, ...config.authLimits });
  const auth = new AuthService(
    usersRepo,
    scalesRepo,
    new RememberedSessions(sessions, bus),
    new TokenSigner(jwtSecret, config.tokenTtlSeconds),
    authLimiter,
    bus,
    (userId) => presence.signedIn(userId),
  );
  // Responsible play: what the scale weighed each player drink (drinks/).
  const drinksRepo = new DrinksRepository(db);
  const drinks = new DrinksService(drinksRepo);
  const users = new UsersService(usersRepo, expireUnheldStatus, bus, drinks);
  const playRepo = new PlayRepository(db);
  const results = new GameResults(playRepo, new GameCompletionRepository(), rateGame);
  const engine = createJsonEngine({ ...DEFAULT_ENGINE_TIMINGS, ...config.engineTimings });
  const stepper = new GameStepper(playRepo, results, engine, bus, (err) =>
    app.log.error({ err }, 'game step failed'),
  );
  const play = new PlayService(playRepo, stepper, engine, bus, drinks);
  const groups = groupsFeature({ db, config });
  const fastGames = new FastGamesService(
    db,
    new FastGamesRepository(db),
    play,
    bus,
    groups.service,
  );
  // The lobby hands set-up and start to its GameRunner: the play service runs the games.
  const gamesRepo = new GamesRepository(db);
  // The gateway is built below; by the time a game starts it exists.
  const games = new GamesService(
    gamesRepo,
    play,
    bus,
    (scale) => devices?.isOnline(scale) ?? false,
    groups.service,
  );
  const invites = new InvitesService(
    gamesRepo,
    play,
    bus,
    config.invitesPerGamePerMinute ?? 30,
    config.invitesPerUserPerHour ?? 60,
    groups.service,
  );
  registerParticipantOrder(router, games);
  const watch = new WatchService(
    new WatchLinksRepository(db),
    async (gameId) => (await play.snapshotById(gameId))?.state ?? null,
    bus,
  );
  const leaderboard = new LeaderboardService(new LeaderboardRepository(db), statuses);
  invalidateLeaderboard(bus, leaderboard);

  const devicesRepo = new DevicesRepository(db);
  // The settings service needs to know who is connected, and the gateway needs the settings.
  let devices: DeviceGateway | null = null;
  const pairing: DevicePairingService = new DevicePairingService(
    devicesRepo,
    new PendingPairings(),
    bus,
    (mac): Promise<Record<string, string>> => scales.forDevice(mac),
  );
  const scales = new ScalesService(
    new ScaleSettingsRepository(db),
    settingsCipher,
    bus,
    (scale) => devices?.isOnline(scale) ?? false,
    pairing,
    config.pairingApproval,
  );
  devices = new DeviceGateway(devicesRepo, pairing, bus, {
    instanceId,
    helloTimeoutMs: config.deviceHelloTimeoutMs,
    idleMs: config.deviceIdleMs,
    commandResendMs: config.deviceCommandResendMs,
    maxPairingPerAddress: config.maxPairingSocketsPerAddress,
    pingAnswerMs: config.devicePingAnswerMs,
    reports: {
      wifiFailed: (mac, ssid) => scales.wifiFailed(mac, ssid),
      calibrated: (mac, factor) => scales.calibrated(mac, factor),
    },
    maxPairingTotal: config.maxPairingSocketsTotal,
    onError: (err) => app.log.error({ err }, 'device gateway failed'),
    onIgnored: (type, mac) => app.log.info({ mac, type }, 'device message type ignored'),
    onNack: (mac, cmdId, error) => app.log.warn({ mac, cmdId, error }, 'device refused command'),
  });
  // The engine runs where the scale is connected: its samples go straight to the play service.
  devices.onSample((mac, sample) => stepper.sample(mac, sample));
  devices.onConnectionChange((mac, connected) => {
    if (connected) stepper.scaleConnected(mac).catch((err) => app.log.error({ err }, 'resume'));
    else stepper.forgetScale(mac);
  });
  const stopNotifying = new DeviceNotifier(
    bus,
    devices,
    {
      leaderLanguage: (gameId) => playRepo.leaderLanguage(gameId),
      deviceSettings: (mac) => pairing.deviceSettings(mac),
      ownerLanguage: (mac) => playRepo.scaleOwnerLanguage(mac),
    },
    (err) => app.log.error({ err }, 'device notification failed'),
  ).start();
  const events = new EventRouter(bus, hub, watchers, {
    loadGame: (gameId) => play.snapshotById(gameId),
    leaderOnScale: (mac) => play.leaderOnScale(mac),
    onError: (err) => app.log.warn({ err }, 'event routing failed'),
  });
  registerScaleWatch(router, hub, devicesRepo, devices, bus, events, (err) =>
    app.log.error({ err }, 'scale watch check failed'),
  );
  const gateway = devices;
  registerBluetoothBridge(router, gateway, new BridgeRepository(db), (err) =>
    app.log.error({ err }, 'bluetooth bridge failed'),
  );
  const admin = new AdminService(
    scalesRepo,
    usersRepo,
    bus,
    (scale) => gateway.isOnline(scale),
    pairing,
  );

  await registerCompression(app);
  const serving = await registerWebApp(app, config.webDist);
  const databaseHealth = new DatabaseHealth(
    () => db.executeQuery(SELECT_ONE),
    config.healthSuccessMaxAgeMs,
  );
  registerErrorHandler(app, {
    spaFallback: serving,
    onDatabaseUnavailable: () => databaseHealth.forget(),
  });

  const endpointRoutes = new EndpointRoutes(app, requireAuth(auth));
  registerHealthRoute(endpointRoutes, databaseHealth, instanceId);
  registerAuthRoutes(endpointRoutes, auth);
  registerUsersRoutes(endpointRoutes, users);
  registerFastGameRoutes(endpointRoutes, fastGames, joinCodeOf(db));
  registerPlayRoutes(endpointRoutes, play);
  registerScalesRoutes(endpointRoutes, scales);
  registerAdminRoutes(endpointRoutes, admin);
  registerReportsRoutes(endpointRoutes, new ReportsService(new ReportsRepository(db), bus));
  const accountRepo = new AccountRepository(db);
  const resets = new PasswordResetsRepository(db);
  const account = new AccountService(accountRepo, sessions, resets, authLimiter, bus, {
    leave: (gameId, me) => games.leave(gameId, me),
    cancel: (gameId, me) => games.cancel(gameId, me),
    openGamesOf: (userId) => gamesRepo.openGamesOf(userId),
  });
  registerAccountRoutes(
    endpointRoutes,
    account,
    new AccountAdminService(accountRepo, resets, account),
    {
      imprintUrl: config.imprintUrl ?? null,
      privacyUrl: config.privacyUrl ?? null,
      helpUrl: config.helpUrl ?? null,
      publicUrl: config.publicUrl ?? null,
    },
  );
  registerHomeRoutes(
    endpointRoutes,
    new HomeService(new HomeRepository(db), new RememberedHomes(bus), drinks),
  );
  registerGamesRoutes(endpointRoutes, games, joinCodeOf(db));
  registerDrinksRoutes(endpointRoutes, new GameDrinks(gamesRepo, drinksRepo, bus));
  registerInvitesRoutes(endpointRoutes, invites);
  registerLeaderboardRoutes(endpointRoutes, leaderboard);
  const cards = new CardService(
    (gameId, me) => play.state(gameId, me),
    (token) => watch.state(token),
    undefined,
    {
      rendersPerAddressPerMinute:
        config.cardRendersPerAddressPerMinute ?? CARD_LIMITS.rendersPerAddressPerMinute,
    },
  );
  const drawTable = (card: TableCard, address: string) => cards.forTable(card, address);
  groups.register(endpointRoutes, drawTable);
  registerTournamentsFeature({
    db,
    routes: endpointRoutes,
    ports: {
      groups: groups.service,
      setUpGame: (body, leader) => fastGames.create(body, leader),
      gameState: async (gameId) => (await play.snapshotById(gameId))?.state ?? null,
      drawTable,
    },
  });
  registerWatchRoutes(endpointRoutes, watch);
  const seats = registerSeatsFeature({
    app,
    db,
    routes: endpointRoutes,
    play,
    bus,
    watchPathOf: (gameId) => watch.pathForJoin(gameId),
    onError: (err) => app.log.warn({ err }, 'seats'),
  });
  if (serving && config.webDist) registerWatchPage(app, config.webDist, (t) => watch.state(t));
  registerCardRoutes(endpointRoutes, cards);
  // The sockets' routes live in a context of their own with @fastify/websocket: its onRequest
  // and onResponse hooks, global where the plugin is registered, would otherwise run on every
  // API request (docs/PERFORMANCE.md). An upgrade to any other route is closed once answered.
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
        hub.closeAll(CLOSE_GOING_AWAY, 'Server shutting down');
        watchers.closeAll(CLOSE_GOING_AWAY, 'Server shutting down');
        await gateway.close();
        for (const client of sockets.websocketServer.clients) client.close(CLOSE_GOING_AWAY);
        const cut = setTimeout(() => {
          for (const client of sockets.websocketServer.clients) client.terminate();
        }, 1_000);
        cut.unref();
      },
    });
    registerDeviceSocket(sockets, gateway);
    registerBrowserSocket(sockets, {
      auth,
      hub,
      presence,
      router,
      caps: {
        perUser: config.browserSocketsPerUser ?? BROWSER_SOCKETS_PER_USER,
        perAddress: config.browserSocketsPerAddress ?? BROWSER_SOCKETS_PER_ADDRESS,
      },
    });
    registerWatchSocket(sockets, watch, watchers, seats);
  });
  closeUpgradesAnsweredOverHttp(app.server);
  await registerApiDocs(app, endpointRoutes);

  const stopRouting = events.start();
  const stopHeartbeat = startHeartbeat(hub);
  const stopSessionSweep = await startRetentionSweep(
    new RetentionRepository(db),
    config.sessionSweepMs ?? SESSION_SWEEP_MS,
    (err) => app.log.warn({ err }, 'retention sweep failed'),
  );
  const stopWatchHeartbeat = startHeartbeat(watchers);
  registerWatchFollow(
    bus,
    watch,
    watchers,
    async (gameId) => (await play.snapshotById(gameId))?.state ?? null,
    (err) => app.log.warn({ err }, 'watch link follow failed'),
  );
  const stopWatchExpiry = startWatchExpiry(
    watchers,
    watch,
    (err) => app.log.warn({ err }, 'watch link expiry failed'),
    config.watchExpiryCheckMs,
  );

  let closed = false;
  return {
    app,
    instanceId,
    database,
    bus,
    hub,
    devices,
    routes,
    services: { auth, users, presence, play, fastGames, scales, games, invites, leaderboard },
    async close(onStep = () => {}) {
      if (closed) return;
      closed = true;
      stopHeartbeat();
      stopWatchHeartbeat();
      stopWatchExpiry();
      stopRouting();
      const sweepDone = stopSessionSweep();
      // Stops accepting, lets requests in flight finish; sockets close in preClose above.
      onStep('http server and sockets');
      // Node closes the connections idle when closing starts; one whose request was in flight
      // would stay open for the keep-alive timeout after its answer, so keep closing idle ones.
      const drain = setInterval(() => app.server.closeIdleConnections(), 100);
      try {
        await app.close();
      } finally {
        clearInterval(drain);
      }
      // Requests in flight may still have commands for scales held here until the sockets went.
      stopNotifying();
      onStep('presence');
      await presence.leave().catch((err) => app.log.warn({ err }, 'presence on shutdown'));
      onStep('event bus');
      await bus.close();
      onStep('database');
      await sweepDone;
      await database.close();
    },
  };
}
