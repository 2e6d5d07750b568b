import type { Db } from '../db/database';

export class ScalesRepository {
  constructor(private readonly db: Db) {}

  /**
   * DESIGN §6: registering with an address creates the scale row if it is new, unassigned and
   * unapproved; the first account to name it is remembered as the one who asked for it.
   */
  async linkOnRegistration(
    mac: string,
    userId: number,
    now: Date,
    db: Db = this.db,
  ): Promise<void> {
    await db
      .insertInto('scales')
      .values({
        mac,
        owner_id: null,
        approved: 0,
        requested_by: userId,
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.column('mac').doNothing())
      .execute();
  }

  findByMac(mac: string) {
    return this.db.selectFrom('scales').selectAll().where('mac', '=', mac).executeTakeFirst();
  }

  /** An administrator's decision: this user owns the scale and it is approved. */
  async assign(mac: string, ownerId: number, now: Date): Promise<void> {
    await this.db
      .insertInto('scales')
      .values({
        mac,
        owner_id: ownerId,
        approved: 1,
        requested_by: ownerId,
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.column('mac').doUpdateSet({ owner_id: ownerId, approved: 1 }))
      .execute();
  }

  listForAdmin() {
    return this.db
      .selectFrom('scales')
      .leftJoin('users as owner', 'owner.id', 'scales.owner_id')
      .leftJoin('users as requester', 'requester.id', 'scales.requested_by')
      .select([
        'scales.mac',
        'scales.approved',
        'scales.owner_id',
        'scales.requested_by',
        'scales.last_seen_at',
        'scales.connection_id',
        'scales.scale_name',
        'scales.model_name',
        'owner.username as owner_username',
        'owner.player_name as owner_player_name',
        'requester.username as requested_by_username',
        'requester.player_name as requested_by_player_name',
      ])
      .orderBy('scales.created_at')
      .orderBy('scales.mac')
      .execute();
  }

  async unassign(mac: string): Promise<void> {
    await this.db
      .updateTable('scales')
      .set({ owner_id: null, approved: 0 })
      .where('mac', '=', mac)
      .execute();
  }

  async resetKey(mac: string): Promise<void> {
    await this.db
      .updateTable('scales')
      .set({ device_key_hash: null })
      .where('mac', '=', mac)
      .execute();
  }
}
