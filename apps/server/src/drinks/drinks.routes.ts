import { setGameDrink } from '@beerscale/contract/api/drinks';
import type { EndpointRoutes } from '../http/register-endpoint';
import type { GameDrinks } from './game-drinks.service';

/** Responsible play's own call; the rest rides on profile, home and set-up calls. */
export function registerDrinksRoutes(routes: EndpointRoutes, drinks: GameDrinks): void {
  routes.add(setGameDrink, async ({ params, body, me }) => ({
    drink: await drinks.set(params.id, body.drink, me),
  }));
}
