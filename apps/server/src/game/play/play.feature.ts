import type { DrinksFeature } from '../../drinks/drinks.feature';
import type { FeatureCore } from '../../http/feature-core';
import type { EndpointRoutes } from '../../http/register-endpoint';
import { rateGame } from '../../rating/game-rating';
import { DEFAULT_ENGINE_TIMINGS } from './engine/timings';
import { GameCompletionRepository } from './game-completion.repository';
import { GameResults } from './game-results';
import { GameStepper } from './game-stepper';
import { createJsonEngine } from './json-engine';
import { PlayRepository } from './play.repository';
import { registerPlayRoutes } from './play.routes';
import { PlayService } from './play.service';

export interface PlayFeature {
  /** Commands and reads of running games; the GameRunner of both lobbies. */
  service: PlayService;
  /** The step pipeline: the devices feature hands it the scales' samples. */
  stepper: GameStepper;
  /** The leader's and the scale owner's language, for the scales' texts. */
  repo: PlayRepository;
  register(routes: EndpointRoutes): void;
}

/** Running games: the engine (with the configured timings), the stepper, the results. */
export function playFeature(
  { app, db, bus, config }: FeatureCore,
  deps: { drinks: DrinksFeature },
): PlayFeature {
  const repo = new PlayRepository(db);
  const results = new GameResults(repo, new GameCompletionRepository(), rateGame);
  const engine = createJsonEngine({ ...DEFAULT_ENGINE_TIMINGS, ...config.engineTimings });
  const stepper = new GameStepper(repo, results, engine, bus, (err) =>
    app.log.error({ err }, 'game step failed'),
  );
  const service = new PlayService(repo, stepper, engine, bus, deps.drinks.service);
  return { service, stepper, repo, register: (routes) => registerPlayRoutes(routes, service) };
}
