import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

export class SecretsRepository {
  constructor(private readonly db: Db) {}

  /**
   * The named secret, created on first use. Insert-if-missing then read, so that sibling
   * instances starting together agree on one value.
   */
  async getOrCreate(name: string): Promise<string> {
    await this.db
      .insertInto('app_secrets')
      .values({ name, value: randomBytes(48).toString('base64url') })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('app_secrets')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.value;
  }

  async find(name: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('app_secrets')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirst();
    return row?.value ?? null;
  }

  async remove(name: string): Promise<void> {
    await this.db.deleteFrom('app_secrets').where('name', '=', name).execute();
  }
}
