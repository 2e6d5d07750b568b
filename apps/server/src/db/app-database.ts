import type { Config } from '../config';
import { SecretsRepository } from '../auth/secrets.repository';
import type { SettingsCipher } from '../scales/settings-cipher';
import { openSettingsCipher } from '../scales/settings-key';
import { StoredPasswordsRepository } from '../scales/stored-passwords.repository';
import { openDatabase, type DatabaseHandle } from './database';
import { migrateToLatest } from './migrate';

export interface AppDatabase {
  database: DatabaseHandle;
  /** The generated secrets (the JWT key, the settings key when none is configured). */
  secrets: SecretsRepository;
  settingsCipher: SettingsCipher;
}

/**
 * The app's database, migrated to the latest schema, and the scales' settings cipher: before
 * anything starts, a settings key that does not fit the stored passwords stops here (the
 * database closed again).
 */
export async function openAppDatabase(
  config: Pick<Config, 'databaseUrl' | 'settingsKey'>,
): Promise<AppDatabase> {
  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database);
  const { db } = database;
  const secrets = new SecretsRepository(db);
  const settingsCipher = await openSettingsCipher(
    config.settingsKey,
    secrets,
    new StoredPasswordsRepository(db),
  ).catch(async (err: unknown) => {
    await database.close();
    throw err;
  });
  return { database, secrets, settingsCipher };
}
