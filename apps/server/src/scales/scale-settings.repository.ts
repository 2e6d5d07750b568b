import type { Db } from '../db/database';
import { forgetDeviceKey } from './scales.repository';

export class ScaleSettingsRepository {
  constructor(private readonly db: Db) {}

  async read(mac: string): Promise<Record<string, string>> {
    const rows = await this.db
      .selectFrom('scale_settings')
      .select(['key', 'value'])
      .where('mac', '=', mac)
      .execute();
    return Object.fromEntries(rows.map((row) => [row.key, row.value]));
  }

  /**
   * Upserts the given settings in one transaction: all of them or none. A new device name is
   * also the scale's name in lists (docs/ARCHITECTURE.md, Decisions: `device_name` is also the
   * scale's name), so both change together.
   */
  async write(
    mac: string,
    entries: Record<string, string>,
    scaleName?: string | null,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const [key, value] of Object.entries(entries)) {
        await trx
          .insertInto('scale_settings')
          .values({ mac, key, value })
          .onConflict((oc) => oc.columns(['mac', 'key']).doUpdateSet({ value }))
          .execute();
      }
      if (scaleName !== undefined) {
        await trx
          .updateTable('scales')
          .set({ scale_name: scaleName })
          .where('mac', '=', mac)
          .execute();
      }
    });
  }

  /** The SSID the scale reported it could not join (protocol 1.1 STATUS), or null. */
  async wifiFailed(mac: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('scales')
      .select('wifi_failed_ssid')
      .where('mac', '=', mac)
      .executeTakeFirst();
    return row?.wifi_failed_ssid ?? null;
  }

  async setWifiFailed(mac: string, ssid: string | null): Promise<void> {
    await this.db
      .updateTable('scales')
      .set({ wifi_failed_ssid: ssid })
      .where('mac', '=', mac)
      .execute();
  }

  ownedApproved(userId: number) {
    return this.db
      .selectFrom('scales')
      .select(['mac', 'scale_name', 'model_name', 'connection_id', 'last_seen_at', 'bridged'])
      .where('owner_id', '=', userId)
      .where('approved', '=', 1)
      .orderBy('mac')
      .execute();
  }

  /**
   * Scales the user registered with that are not theirs and approved yet and that nobody else
   * holds: no owner, the user as owner awaiting approval, or no key stored (never paired, or its
   * key was reset). Bridged Bluetooth scales pair in the browser, not by code.
   */
  claimable(userId: number) {
    return this.db
      .selectFrom('scale_registrations')
      .innerJoin('scales', 'scales.mac', 'scale_registrations.mac')
      .select('scales.mac')
      .where('scale_registrations.user_id', '=', userId)
      .where('scales.bridged', '=', 0)
      .where((eb) =>
        eb.not(eb.and([eb('scales.owner_id', '=', userId), eb('scales.approved', '=', 1)])),
      )
      .where((eb) =>
        eb.or([
          eb('scales.owner_id', 'is', null),
          eb('scales.owner_id', '=', userId),
          eb('scales.device_key_hash', 'is', null),
        ]),
      )
      .orderBy('scales.mac')
      .execute();
  }

  /** Forgets the device's key: it must pair again by its code (the owner's reset). */
  resetKey(mac: string): Promise<void> {
    return forgetDeviceKey(this.db, mac);
  }

  /** The caller's approved scale (whether it is bridged), or undefined for any other. */
  findOwnedApproved(mac: string, userId: number) {
    return this.db
      .selectFrom('scales')
      .select(['mac', 'bridged'])
      .where('mac', '=', mac)
      .where('owner_id', '=', userId)
      .where('approved', '=', 1)
      .executeTakeFirst();
  }
}
