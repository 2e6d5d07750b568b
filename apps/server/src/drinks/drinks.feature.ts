import type { FeatureCore } from '../http/feature-core';
import type { EndpointRoutes } from '../http/register-endpoint';
import type { GamesRepository } from '../game/lobby/games.repository';
import { DrinksRepository } from './drinks.repository';
import { registerDrinksRoutes } from './drinks.routes';
import { DrinksService } from './drinks.service';
import { GameDrinks } from './game-drinks.service';

export interface DrinksFeature {
  /** Home's tonight, the profile's totals, a snapshot's evening fields. */
  service: DrinksService;
  /** PUT /api/games/{id}/drink, the lobby's drink over the lobbies' repository. */
  register(routes: EndpointRoutes, games: GamesRepository): void;
}

/** Responsible play: what the scale weighed each player drink (docs/RULES.md). */
export function drinksFeature({ db, bus }: FeatureCore): DrinksFeature {
  const repo = new DrinksRepository(db);
  return {
    service: new DrinksService(repo),
    register: (routes, games) => registerDrinksRoutes(routes, new GameDrinks(games, repo, bus)),
  };
}
