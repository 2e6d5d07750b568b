import type { Drink, DrinkKind } from '@beerscale/contract/drinks';
import { sql } from 'kysely';

// How a game player's drink goes into game_players (migration 0040): strength in whole tenths of
// a percent, so both databases hold it exactly.

/** A drink the set-up named. */
export function drinkColumns(drink: Drink) {
  return { drink_kind: drink.kind, drink_abv_tenths: Math.round(drink.abv * 10) };
}

/** The account's default drink (its profile's), read inside the insert itself. */
export function accountDrinkColumns(userId: number) {
  return {
    drink_kind: sql<DrinkKind>`(select default_drink_kind from users where id = ${userId})`,
    drink_abv_tenths: sql<number>`(select default_drink_abv_tenths from users where id = ${userId})`,
  };
}
