import type { DrinksFeature } from '../drinks/drinks.feature';
import type { FeatureCore } from '../http/feature-core';
import type { EndpointRoutes } from '../http/register-endpoint';
import { HomeRepository } from './home.repository';
import { registerHomeRoutes } from './home.routes';
import { HomeService } from './home.service';
import { RememberedHomes } from './remembered-homes';

/** GET /api/home and the rating history; each reply remembered until a bus fact changes it. */
export function registerHomeFeature(
  { db, bus }: FeatureCore,
  routes: EndpointRoutes,
  deps: { drinks: DrinksFeature },
): void {
  registerHomeRoutes(
    routes,
    new HomeService(new HomeRepository(db), new RememberedHomes(bus), deps.drinks.service),
  );
}
