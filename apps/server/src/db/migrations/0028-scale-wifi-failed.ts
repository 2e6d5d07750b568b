import type { Kysely, Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
type AnyDb = Kysely<any>;

/**
 * Protocol 1.1: the WiFi network a scale reported it could not join (STATUS { wifi: 'failed',
 * ssid }). While it equals the stored SSID the server stops sending that network, and the
 * owner's settings page says so; setting WiFi again clears it.
 */
export const scaleWifiFailedMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('scales').addColumn('wifi_failed_ssid', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('scales').dropColumn('wifi_failed_ssid').execute();
  },
};
