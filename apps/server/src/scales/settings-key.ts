import type { SecretsRepository } from '../auth/secrets.repository';
import { SettingsCipher } from './settings-cipher';
import type { StoredPasswordsRepository } from './stored-passwords.repository';

/** The key generated into the database when the operator configures none. */
const DATABASE_KEY = 'settings_key';

/**
 * The cipher of the scales' WiFi passwords. With SETTINGS_KEY (or SETTINGS_KEY_FILE) the key
 * is kept apart from the database: passwords still under the key generated into the database
 * are re-encrypted with it once, and that key is deleted, so a copy of the database alone no
 * longer opens them. Without one, the database's key is used (created on first start).
 * A key that opens neither refuses the start: passwords would otherwise turn silently empty.
 * (Change the key with every instance stopped: one still running writes with the old key.)
 */
export async function openSettingsCipher(
  configured: string | undefined,
  secrets: SecretsRepository,
  passwords: StoredPasswordsRepository,
): Promise<SettingsCipher> {
  const stored = await secrets.find(DATABASE_KEY);
  if (!configured) {
    if (!stored && (await passwords.all()).length > 0) {
      throw new Error(
        "The scales' WiFi passwords were encrypted with SETTINGS_KEY (or SETTINGS_KEY_FILE), which is not set: start with the same key again",
      );
    }
    return new SettingsCipher(stored ?? (await secrets.getOrCreate(DATABASE_KEY)));
  }
  const cipher = new SettingsCipher(configured);
  const previous = stored ? new SettingsCipher(stored) : null;
  for (const row of await passwords.all()) {
    if (cipher.tryDecrypt(row.value) !== null) continue;
    const plain = previous?.tryDecrypt(row.value) ?? null;
    if (plain === null) {
      throw new Error(
        `SETTINGS_KEY does not open the WiFi password stored for scale ${row.mac}: start with the key it was stored with`,
      );
    }
    await passwords.replace(row.mac, row.value, cipher.encrypt(plain));
  }
  if (stored) await secrets.remove(DATABASE_KEY);
  return cipher;
}
