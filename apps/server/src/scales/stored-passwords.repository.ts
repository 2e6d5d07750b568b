import type { Db } from '../db/database';

export interface StoredPassword {
  mac: string;
  value: string;
}

/** The encrypted WiFi passwords of every scale, for a change of the settings key. */
export class StoredPasswordsRepository {
  constructor(private readonly db: Db) {}

  async all(): Promise<StoredPassword[]> {
    return this.db
      .selectFrom('scale_settings')
      .select(['mac', 'value'])
      .where('key', '=', 'wifi_password')
      .where('value', '!=', '')
      .execute();
  }

  /** Compare-and-set: a password changed meanwhile (by its owner) is left as it now is. */
  async replace(mac: string, from: string, to: string): Promise<void> {
    await this.db
      .updateTable('scale_settings')
      .set({ value: to })
      .where('mac', '=', mac)
      .where('key', '=', 'wifi_password')
      .where('value', '=', from)
      .execute();
  }
}
