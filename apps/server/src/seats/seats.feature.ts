import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import type { EndpointRoutes } from '../http/register-endpoint';
import type { PlayService } from '../game/play/play.service';
import type { EventBus } from '../realtime/event-bus';
import { drawJoinCode } from './seat-codes';
import { seatGuard } from './seat-guard';
import { SeatsRepository } from './seats.repository';
import { registerSeatsRoutes } from './seats.routes';
import { SeatsService } from './seats.service';

export interface SeatsFeature {
  app: FastifyInstance;
  db: Db;
  routes: EndpointRoutes;
  play: PlayService;
  bus: EventBus;
  onError: (err: unknown) => void;
  /** The game's watch page for latecomers without a seat (watch.service.ts pathForJoin). */
  watchPathOf: (gameId: number) => Promise<string>;
  /** Join look-ups and takes per address and minute (seats.routes.ts). */
  joinsPerMinute?: number;
}

/**
 * Seats on phones, the whole feature (docs/ARCHITECTURE.md, Seats): its repository and service,
 * the seat guard of `access: 'seat'` endpoints, its routes, and a code for each new game as soon
 * as it exists (the leader's screens ask for it too, so a lost fact costs nothing). The service
 * it returns also opens seats' watch sockets (watch/watch-socket.routes.ts).
 */
export function registerSeatsFeature(feature: SeatsFeature): SeatsService {
  const seats = new SeatsService(
    new SeatsRepository(feature.db),
    feature.play,
    feature.bus,
    feature.watchPathOf,
  );
  feature.app.decorateRequest('seat', null);
  feature.routes.useSeatGuard(seatGuard(seats));
  registerSeatsRoutes(feature.routes, seats, feature.joinsPerMinute);
  const drawCode = (gameId: number) => void seats.codeOf(gameId).catch(feature.onError);
  feature.bus.subscribe('game.created', ({ gameId }) => drawCode(gameId));
  feature.bus.subscribe('game.configured', ({ gameId }) => drawCode(gameId));
  return seats;
}

/**
 * A game's join code for the set-up replies of other features (fast-games.routes.ts,
 * games.routes.ts): drawn on first ask, null once the game ended.
 */
export function joinCodeOf(db: Db): (gameId: number) => Promise<string | null> {
  const repo = new SeatsRepository(db);
  return (gameId) => repo.ensureCode(gameId, drawJoinCode);
}
