import type { Db } from '../db/database';

/**
 * Forgets the device's key: it must pair again by its code. The one query for the owner's reset
 * (ScaleSettingsRepository) and an administrator's (below); each service publishes the fact.
 */
export async function forgetDeviceKey(db: Db, mac: string): Promise<void> {
  await db.updateTable('scales').set({ device_key_hash: null }).where('mac', '=', mac).execute();
}

export class ScalesRepository {
  constructor(private readonly db: Db) {}

  /**
   * Registering with an address creates the scale row if it is new, unassigned and unapproved (only
   * an administrator assigns and approves: docs/ARCHITECTURE.md, Decisions, Scales); the first
   * account to name it is remembered as the one who asked for it, and every account that names it
   * is a candidate the administrator may choose as its owner.
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
    await db
      .insertInto('scale_registrations')
      .values({ mac, user_id: userId, created_at: now.toISOString() })
      .onConflict((oc) => oc.columns(['mac', 'user_id']).doNothing())
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

  /** One page of the administrator's list, newest first (what awaits a decision). */
  async listForAdmin(page: { limit: number; offset: number }) {
    const [rows, count] = await Promise.all([
      this.pageForAdmin(page),
      this.db
        .selectFrom('scales')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Every account that registered with one of `macs`, in the order they registered. */
  registrantsOf(macs: string[]) {
    if (macs.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('scale_registrations')
      .innerJoin('users', 'users.id', 'scale_registrations.user_id')
      .select(['scale_registrations.mac', 'users.id', 'users.username', 'users.player_name'])
      .where('scale_registrations.mac', 'in', macs)
      .orderBy('scale_registrations.created_at')
      .orderBy('users.id')
      .execute();
  }

  private pageForAdmin({ limit, offset }: { limit: number; offset: number }) {
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
        'scales.bridged',
        'owner.username as owner_username',
        'owner.player_name as owner_player_name',
        'requester.username as requested_by_username',
        'requester.player_name as requested_by_player_name',
      ])
      .orderBy('scales.created_at', 'desc')
      .orderBy('scales.mac', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async unassign(mac: string): Promise<void> {
    await this.db
      .updateTable('scales')
      .set({ owner_id: null, approved: 0 })
      .where('mac', '=', mac)
      .execute();
  }

  resetKey(mac: string): Promise<void> {
    return forgetDeviceKey(this.db, mac);
  }
}
