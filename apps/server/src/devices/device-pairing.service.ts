import type { DeviceToServerMap, ServerToDeviceMap } from '@beerscale/contract/device-socket';
import type { ContainerType } from '@beerscale/contract/limits';
import { deviceKeyMatches, hashDeviceKey, newDeviceKey } from './device-key';
import type { DevicesRepository } from './devices.repository';

export type HelloOutcome = { accepted: true; newKey?: string } | { accepted: false; error: string };

export const DEVICE_KEY_REQUIRED = 'Device key required';
export const DEVICE_KEY_INVALID = 'Invalid device key';
export const PAIRING_RACED = 'Pairing raced with another device; connect again';

/**
 * Who may speak for a scale (DESIGN §8): the first device to say HELLO to an unpaired scale
 * gets a key; from then on only a device presenting it. No sockets here, only the decision.
 */
export class DevicePairingService {
  constructor(
    private readonly repo: DevicesRepository,
    private readonly settingsFor: (mac: string) => Promise<Record<string, string>>,
  ) {}

  async authenticate(hello: DeviceToServerMap['HELLO'], now: Date): Promise<HelloOutcome> {
    await this.repo.ensureScale(hello.mac, now);
    const scale = await this.repo.findScale(hello.mac);
    if (scale?.device_key_hash) {
      if (deviceKeyMatches(hello.key, scale.device_key_hash)) return { accepted: true };
      return { accepted: false, error: hello.key ? DEVICE_KEY_INVALID : DEVICE_KEY_REQUIRED };
    }
    // Unpaired (new, or reset by an administrator): whatever key the device brings is void.
    const newKey = newDeviceKey();
    if (!(await this.repo.pair(hello.mac, hashDeviceKey(newKey)))) {
      return { accepted: false, error: PAIRING_RACED };
    }
    return { accepted: true, newKey };
  }

  /**
   * The socket went away before WELCOME could carry the new key: without this, the scale would
   * be paired to a key no device holds, and locked out until an administrator reset it.
   */
  async forget(mac: string, newKey: string): Promise<void> {
    await this.repo.unpair(mac, hashDeviceKey(newKey));
  }

  /** What SETTINGS carries after a change: the same as WELCOME's settings. */
  deviceSettings(mac: string): Promise<Record<string, string>> {
    return this.settingsFor(mac);
  }

  /** WELCOME: the settings with the WiFi password in clear, and the game set up on the scale. */
  async welcome(mac: string, newKey: string | undefined): Promise<ServerToDeviceMap['WELCOME']> {
    const [settings, current] = await Promise.all([
      this.settingsFor(mac),
      this.repo.currentGame(mac),
    ]);
    return {
      type: 'WELCOME',
      ...(newKey ? { key: newKey } : {}),
      settings,
      game: current
        ? {
            gameId: current.game.id,
            containerType: current.game.container_type as ContainerType,
            players: current.players.map((p) => ({
              id: p.id,
              name: p.player_name,
              position: p.position,
            })),
          }
        : null,
    };
  }
}
