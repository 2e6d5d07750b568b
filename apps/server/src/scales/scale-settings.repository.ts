import type { Db } from '../db/database';

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

  /** Upserts the given settings in one transaction: all of them or none. */
  async write(mac: string, entries: Record<string, string>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const [key, value] of Object.entries(entries)) {
        await trx
          .insertInto('scale_settings')
          .values({ mac, key, value })
          .onConflict((oc) => oc.columns(['mac', 'key']).doUpdateSet({ value }))
          .execute();
      }
    });
  }

  ownedApproved(userId: number) {
    return this.db
      .selectFrom('scales')
      .select(['mac', 'scale_name', 'model_name'])
      .where('owner_id', '=', userId)
      .where('approved', '=', 1)
      .orderBy('mac')
      .execute();
  }
}
