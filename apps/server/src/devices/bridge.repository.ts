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
          scale_name: name || null,
          created_at: now.toISOString(),
        })
        .onConflict((oc) => oc.column('mac').doNothing())
        .execute();
      const row = await trx
        .selectFrom('scales')
        .select(['owner_id', 'approved'])
        .where('mac', '=', mac)
        .executeTakeFirstOrThrow();
      if (row.owner_id !== null && row.owner_id !== userId) return 'foreign';
      if (row.owner_id === null || row.approved !== 1) {
        await trx
          .updateTable('scales')
          .set({ owner_id: userId, approved: 1 })
          .where('mac', '=', mac)
          .execute();
      }
      return 'adopted';
    });
  }
}
