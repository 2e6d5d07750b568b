import type { Db } from '../db/database';

/** Cut-offs of one presence decision: instances alive since, claims fresh since (ISO times). */
export interface Liveness {
  aliveSince: string;
  claimedSince: string;
}

/** All SQL of presence across instances: heartbeats, socket claims and the sweep. */
export class PresenceRepository {
  constructor(private readonly db: Db) {}

  async heartbeat(instanceId: string, now: string): Promise<void> {
    await this.db
      .insertInto('instances')
      .values({ id: instanceId, heartbeat_at: now })
      .onConflict((oc) => oc.column('id').doUpdateSet({ heartbeat_at: now }))
      .execute();
  }

  /** Records how many sockets of the user this instance holds now. */
  async claim(instanceId: string, userId: number, sockets: number, now: string): Promise<void> {
    await this.db
      .insertInto('presence_claims')
      .values({ instance_id: instanceId, user_id: userId, sockets, claimed_at: now })
      .onConflict((oc) =>
        oc.columns(['instance_id', 'user_id']).doUpdateSet({ sockets, claimed_at: now }),
      )
      .execute();
  }

  /** Whether a live instance (other than `except`) holds a socket of the user or claimed them. */
  async isHeld(userId: number, live: Liveness, except?: string): Promise<boolean> {
    let query = this.db
      .selectFrom('presence_claims as p')
      .innerJoin('instances as i', 'i.id', 'p.instance_id')
      .select('p.user_id')
      .where('p.user_id', '=', userId)
      .where('i.heartbeat_at', '>=', live.aliveSince)
      .where((eb) => eb.or([eb('p.sockets', '>', 0), eb('p.claimed_at', '>', live.claimedSince)]));
    if (except) query = query.where('p.instance_id', '<>', except);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /**
   * Forgets dead instances and lapsed claims, then sets offline everyone no live claim holds:
   * what keeps a crashed instance from leaving its users online forever.
   */
  async sweep(live: Liveness): Promise<number[]> {
    return this.db.transaction().execute(async (trx) => {
      const alive = trx
        .selectFrom('instances')
        .select('id')
        .where('heartbeat_at', '>=', live.aliveSince);
      await trx
        .deleteFrom('presence_claims')
        .where((eb) =>
          eb.or([
            eb('instance_id', 'not in', alive),
            eb.and([eb('sockets', '<=', 0), eb('claimed_at', '<=', live.claimedSince)]),
          ]),
        )
        .execute();
      await trx.deleteFrom('instances').where('heartbeat_at', '<', live.aliveSince).execute();
      const result = await trx
        .updateTable('users')
        .set({ status: 'offline' })
        .where('status', '<>', 'offline')
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('presence_claims as p')
                .select('p.user_id')
                .whereRef('p.user_id', '=', 'users.id')
                .where((inner) =>
                  inner.or([
                    inner('p.sockets', '>', 0),
                    inner('p.claimed_at', '>', live.claimedSince),
                  ]),
                ),
            ),
          ),
        )
        .returning('id')
        .execute();
      return result.map((row) => row.id);
    });
  }

  /** A stopping instance takes its claims with it; returns whom it held. */
  async leave(instanceId: string): Promise<number[]> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .deleteFrom('presence_claims')
        .where('instance_id', '=', instanceId)
        .returning('user_id')
        .execute();
      await trx.deleteFrom('instances').where('id', '=', instanceId).execute();
      return rows.map((row) => row.user_id);
    });
  }
}
