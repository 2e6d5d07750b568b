import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

/**
 * Whether a scale is a Bluetooth scale bridged by a browser (no WiFi, no device settings) or a
 * WiFi device. Its address alone cannot tell: it is a hash of the player and the browser's
 * device id. Scales bridged before this migration are recognised by what the bridge wrote: a
 * locally administered address (second hex digit 2, 3, 6, 7, A, B, E or F) and the model
 * `Bluetooth <driver>` the bridge claims them with.
 */
export const scaleBridgedMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('scales')
      .addColumn('bridged', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update scales set bridged = 1
      where model_name like 'Bluetooth %'
        and substr(mac, 2, 1) in ('2', '3', '6', '7', 'A', 'B', 'E', 'F')`.execute(db);
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('scales').dropColumn('bridged').execute();
  },
};
