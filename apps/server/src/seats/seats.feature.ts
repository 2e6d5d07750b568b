import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import type { EndpointRoutes } from '../http/register-endpoint';
import type { PlayService } from '../play/play.service';
import type { EventBus } from '../realtime/event-bus';
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
  /** Join look-ups and takes per address and minute (seats.routes.ts). */
  joinsPerMinute?: number;
}

/**
 * Seats on phones, the whole feature (docs/ARCHITECTURE.md, Seats): its repository and service,
 * the seat guard of `access: 'seat'` endpoints, its routes, and a code for each new game as soon
 * as it exists (the leader's screens ask for it too, so a lost fact costs nothing).
 */
export function registerSeatsFeature(feature: SeatsFeature): SeatsService {
  const seats = new SeatsService(new SeatsRepository(feature.db), feature.play);
  feature.app.decorateRequest('seat', null);
  feature.routes.useSeatGuard(seatGuard(seats));
  registerSeatsRoutes(feature.routes, seats, feature.joinsPerMinute);
  const drawCode = (gameId: number) => void seats.codeOf(gameId).catch(feature.onError);
  feature.bus.subscribe('game.created', ({ gameId }) => drawCode(gameId));
  feature.bus.subscribe('game.configured', ({ gameId }) => drawCode(gameId));
  return seats;
}
