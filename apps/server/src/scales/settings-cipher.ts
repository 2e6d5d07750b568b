import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The WiFi password must reach the device, so it cannot be hashed; it is kept encrypted
 * (AES-256-GCM) with the operator's SETTINGS_KEY, or else a key generated into app_secrets
 * (settings-key.ts decides which).
 */
export class SettingsCipher {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(secret).digest();
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [
      'v1',
      iv.toString('base64'),
      cipher.getAuthTag().toString('base64'),
      data.toString('base64'),
    ].join(':');
  }

  /** The clear text; '' for what this key did not encrypt. */
  decrypt(stored: string): string {
    return this.tryDecrypt(stored) ?? '';
  }

  /** The clear text, or null when this key did not encrypt `stored` (GCM's tag says so). */
  tryDecrypt(stored: string): string | null {
    const [version, iv, tag, data] = stored.split(':');
    if (version !== 'v1' || !iv || !tag || data === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([
        decipher.update(Buffer.from(data, 'base64')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return null;
    }
  }
}
