import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

export type Adoption = 'adopted' | 'foreign';

/** All SQL of the Bluetooth bridge: the bridged scale's row. */
export class BridgeRepository {
  constructor(private readonly db: Db) {}

  /**
   * The bridging player's scale: created assigned and approved on first use (no administrator
   * is needed, the player holds it in their hands), taken over when it was unassigned; a scale
   * an administrator gave to someone else stays theirs.
   */
  async adopt(mac: string, userId: number, name: string, now: Date): Promise<Adoption> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('scales')
        .values({
          mac,
          owner_id: userId,
          approved: 1,
          bridged: 1,
          scale_name: name || null,
          created_at: now.toISOString(),
        })
        .onConflict((oc) => oc.column('mac').doNothing())
        .execute();
      const row = await trx
        .selectFrom('scales')
        .select(['owner_id', 'approved', 'bridged'])
        .where('mac', '=', mac)
        .executeTakeFirstOrThrow();
      if (row.owner_id !== null && row.owner_id !== userId) return 'foreign';
      // A row that was there before (an address someone registered) becomes the bridged scale.
      if (row.owner_id === null || row.approved !== 1 || row.bridged !== 1) {
        await trx
          .updateTable('scales')
          .set({ owner_id: userId, approved: 1, bridged: 1 })
          .where('mac', '=', mac)
          .execute();
      }
      // The signed-in player bridging it is its proof of pairing: the scale counts as paired
      // (ranked games need that) under a key nobody holds, so no WiFi device can say HELLO as it.
      await trx
        .updateTable('scales')
        .set({ device_key_hash: createHash('sha256').update(randomBytes(24)).digest('hex') })
        .where('mac', '=', mac)
        .where('device_key_hash', 'is', null)
        .execute();
      return 'adopted';
    });
  }
}
