import type { Drink, DrinkKind } from '@beerscale/contract/drinks';
import type { Db } from '../db/database';

/** One recorded reading of an account's game player, with that player's drink. */
export interface DrinkReadingRow {
  user_id: number;
  game_id: number;
  game_player_id: number;
  drink_kind: DrinkKind;
  drink_abv_tenths: number;
  round: number;
  grams: number;
  recorded_at: string;
}

/** What responsible play reads and writes (docs/RULES.md, "Drinks and responsible play"). */
export class DrinksRepository {
  constructor(private readonly db: Db) {}

  /**
   * Every reading of these accounts' game players in games weighed since `since` (all their
   * readings, so the first one after `since` has the one before it to be compared with);
   * `since` null: every game they ever played.
   */
  readingsOf(userIds: readonly number[], since: string | null, exceptGameId?: number) {
    if (userIds.length === 0) return Promise.resolve([] as DrinkReadingRow[]);
    let query = this.db
      .selectFrom('measurements')
      .innerJoin('game_players', 'game_players.id', 'measurements.game_player_id')
      .select([
        'game_players.user_id',
        'game_players.game_id',
        'measurements.game_player_id',
        'game_players.drink_kind',
        'game_players.drink_abv_tenths',
        'measurements.round',
        'measurements.grams',
        'measurements.recorded_at',
      ])
      .where('game_players.user_id', 'in', [...userIds]);
    if (since !== null) {
      query = query.where('measurements.game_id', 'in', (eb) =>
        eb
          .selectFrom('measurements as recent')
          .select('recent.game_id')
          .where('recent.recorded_at', '>=', since),
      );
    }
    if (exceptGameId !== undefined) query = query.where('measurements.game_id', '!=', exceptGameId);
    return query.orderBy('measurements.id').execute() as Promise<DrinkReadingRow[]>;
  }

  /** The account's default drink and evening limit. */
  settingsOf(userIds: readonly number[]) {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('users')
      .select(['id', 'default_drink_kind', 'default_drink_abv_tenths', 'evening_limit'])
      .where('id', 'in', [...userIds])
      .execute();
  }

  async setDefaultDrink(userId: number, drink: Drink, db: Db = this.db) {
    await db
      .updateTable('users')
      .set({ default_drink_kind: drink.kind, default_drink_abv_tenths: Math.round(drink.abv * 10) })
      .where('id', '=', userId)
      .execute();
  }

  async setEveningLimit(userId: number, limit: number | null, db: Db = this.db) {
    await db.updateTable('users').set({ evening_limit: limit }).where('id', '=', userId).execute();
  }

  /** A lobby player's own drink in a game that has not started: true when the row changed. */
  async setGameDrink(gameId: number, userId: number, drink: Drink, db: Db = this.db) {
    const result = await db
      .updateTable('game_players')
      .set({ drink_kind: drink.kind, drink_abv_tenths: Math.round(drink.abv * 10) })
      .where('game_id', '=', gameId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
