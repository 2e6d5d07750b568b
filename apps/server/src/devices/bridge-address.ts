import { createHash } from 'node:crypto';

/**
 * The 12-hex address of a bridged Bluetooth scale. Browsers never expose the Bluetooth address,
 * so it is derived from the player and `BluetoothDevice.id` (stable per browser profile and
 * site): the same scale bridged by the same player is always the same scale of the server, and
 * two players never share one. The first octet is marked locally administered (bit 1 set,
 * multicast bit clear), so it cannot be a real device's MAC.
 */
export function bridgedScaleMac(userId: number, deviceId: string): string {
  const digest = createHash('sha256').update(`beerscale-bridge\0${userId}\0${deviceId}`).digest();
  digest[0] = ((digest[0] ?? 0) | 0x02) & 0xfe;
  return digest.subarray(0, 6).toString('hex').toUpperCase();
}
