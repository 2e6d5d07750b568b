import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

/**
 * Responsible play (docs/RULES.md, "Drinks and responsible play"): each game player's drink, an
 * account's default drink and evening limit, the registration's age confirmation and a game's
 * confirmation that everyone playing is an adult. Strengths are whole tenths of a percent, so
 * both databases hold them exactly. Existing players and accounts drink beer at 5.0 %.
 */
export const drinksMigration: Migration = {
  async up(db: AnyDb) {
    const kind = (table: string, column: string) =>
      db.schema
        .alterTable(table)
        .addColumn(column, 'text', (c) => c.notNull().defaultTo('beer'))
        .execute();
    const abv = (table: string, column: string) =>
      db.schema
        .alterTable(table)
        .addColumn(column, 'integer', (c) => c.notNull().defaultTo(50))
        .execute();
    await kind('game_players', 'drink_kind');
    await abv('game_players', 'drink_abv_tenths');
    await kind('users', 'default_drink_kind');
    await abv('users', 'default_drink_abv_tenths');
    await db.schema.alterTable('users').addColumn('evening_limit', 'integer').execute();
    await db.schema.alterTable('users').addColumn('age_confirmed_at', 'text').execute();
    await db.schema
      .alterTable('games')
      .addColumn('adults_confirmed', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('games').dropColumn('adults_confirmed').execute();
    for (const column of [
      'age_confirmed_at',
      'evening_limit',
      'default_drink_abv_tenths',
      'default_drink_kind',
    ]) {
      await db.schema.alterTable('users').dropColumn(column).execute();
    }
    await db.schema.alterTable('game_players').dropColumn('drink_abv_tenths').execute();
    await db.schema.alterTable('game_players').dropColumn('drink_kind').execute();
  },
};
