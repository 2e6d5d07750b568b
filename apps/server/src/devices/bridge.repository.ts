import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { ON_SCALE_STATUSES } from '@beerscale/contract/game-state';

export type Adoption = 'adopted' | 'foreign';

/** Bridged scales one account keeps: a script inventing device ids must not fill the tables. */
export const BRIDGED_SCALES_PER_ACCOUNT = 5;

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
      await trx
        .updateTable('scales')
        .set({ last_seen_at: now.toISOString() })
        .where('mac', '=', mac)
        .execute();
      await this.forgetOldest(userId, mac, trx);
      return 'adopted';
    });
  }

  /**
   * The same device always maps to the same row (its address is derived from the player and the
   * device id); beyond BRIDGED_SCALES_PER_ACCOUNT the account's least recently bridged scales are
   * forgotten, but never one that is connected or has a game set up or running (its games keep
   * their provenance on their own rows).
   */
  private async forgetOldest(userId: number, keep: string, trx: Db): Promise<void> {
    const rows = await trx
      .selectFrom('scales')
      .select(['mac', 'connection_id', 'last_seen_at', 'created_at'])
      .where('owner_id', '=', userId)
      .where('bridged', '=', 1)
      .execute();
    if (rows.length <= BRIDGED_SCALES_PER_ACCOUNT) return;
    const busy = await trx
      .selectFrom('games')
      .select('scale_mac')
      .where(
        'scale_mac',
        'in',
        rows.map((r) => r.mac),
      )
      .where('status', 'in', ON_SCALE_STATUSES)
      .execute();
    const inUse = new Set(busy.map((g) => g.scale_mac));
    const newestFirst = [...rows].sort((a, b) =>
      (b.last_seen_at ?? b.created_at).localeCompare(a.last_seen_at ?? a.created_at),
    );
    const forget = newestFirst
      .slice(BRIDGED_SCALES_PER_ACCOUNT)
      .filter((r) => r.mac !== keep && r.connection_id === null && !inUse.has(r.mac))
      .map((r) => r.mac);
    if (forget.length > 0) await trx.deleteFrom('scales').where('mac', 'in', forget).execute();
  }
}
