import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

/**
 * How a game's weights were obtained: the kind of scale it ran on (`wifi`, paired by code, or
 * `bluetooth`, bridged by a player's browser) and, for a bridged one, who bridged it, both
 * fixed when the game starts so that they stay true after the scale row changes or is
 * forgotten. Readings keep their own `source` ('scale', 'bluetooth' or 'manual' for typed);
 * games started before this migration ran on what their scale row says now.
 */
export const readingProvenanceMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('games').addColumn('scale_kind', 'text').execute();
    await db.schema.alterTable('games').addColumn('bridged_by', 'text').execute();
    await sql`update games set scale_kind = case
        when (select bridged from scales where scales.mac = games.scale_mac) = 1 then 'bluetooth'
        else 'wifi' end
      where scale_mac is not null and started_at is not null`.execute(db);
    await sql`update games set bridged_by = (select u.player_name from scales s
        join users u on u.id = s.owner_id where s.mac = games.scale_mac)
      where scale_kind = 'bluetooth'`.execute(db);
    await sql`update measurements set source = 'bluetooth'
      where source = 'scale'
        and game_id in (select id from games where scale_kind = 'bluetooth')`.execute(db);
  },
  async down(db: AnyDb) {
    await sql`update measurements set source = 'scale' where source = 'bluetooth'`.execute(db);
    await db.schema.alterTable('games').dropColumn('bridged_by').execute();
    await db.schema.alterTable('games').dropColumn('scale_kind').execute();
  },
};
