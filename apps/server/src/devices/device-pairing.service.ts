import { randomInt, randomUUID } from 'node:crypto';
import {
  DEVICE_PROTOCOL_MINOR,
  DEVICE_PROTOCOL_VERSION,
  PAIRING_CODE_TTL_S,
  type DeviceToServerMap,
  type ServerToDeviceMap,
} from '@beerscale/contract/device-socket';
import type { ContainerType } from '@beerscale/contract/limits';
import { PAIRING_MESSAGES } from '@beerscale/contract/scales';
import { REFUSALS } from '@beerscale/contract/messages';
import { badRequest, conflict, notFound } from '../http/http-error';
import type { EventBus } from '../realtime/event-bus';
import { deviceKeyMatches, hashDeviceKey, newDeviceKey } from './device-key';
import type { DevicesRepository } from './devices.repository';
import {
  PENDING_PER_MAC,
  PENDING_TOTAL,
  hashCode,
  type Pending,
  type PendingPairings,
} from './pending-pairings';

export type HelloOutcome = { paired: true } | { paired: false };

/** A new pairing for a device socket: what its screen shows and what it gets once confirmed. */
export interface OpenedPairing {
  id: string;
  code: string;
  key: string;
  expiresIn: number;
}

/**
 * Who may speak for a scale (docs/DEVICE-PROTOCOL.md, Pairing): a device presenting the scale's
 * key; any other device shows a random code, and becomes the scale only when its owner or an
 * administrator enters that code. No sockets here: the gateway runs them, this decides and keeps
 * the pending pairings.
 */
export class DevicePairingService {
  constructor(
    private readonly repo: DevicesRepository,
    private readonly pending: PendingPairings,
    private readonly bus: EventBus,
    private readonly settingsFor: (mac: string) => Promise<Record<string, string>>,
  ) {
    bus.subscribe('device.pairing-opened', (p) => this.pending.add(p));
    bus.subscribe('device.pairing-closed', ({ id }) => void this.pending.remove(id));
    bus.subscribe('device.pairing-wrong-code', ({ mac }) => {
      if (this.pending.wrongCode(mac)) this.pending.clearMac(mac);
    });
    bus.subscribe('device.paired', ({ mac }) => void this.pending.clearMac(mac));
  }

  /** Reads only: an anonymous HELLO writes nothing to the database. */
  async authenticate(hello: DeviceToServerMap['HELLO']): Promise<HelloOutcome> {
    const scale = await this.repo.findScale(hello.mac);
    if (scale?.device_key_hash && deviceKeyMatches(hello.key, scale.device_key_hash)) {
      return { paired: true };
    }
    return { paired: false };
  }

  /**
   * A code for a device without a valid key. The newest device always gets one: past
   * PENDING_PER_MAC for its address the oldest waiting one of that address is displaced (five
   * impostors must not shut out the genuine scale after a key reset), past PENDING_TOTAL the
   * oldest of the address with the most; the instance holding a displaced one sends it away.
   */
  open(hello: DeviceToServerMap['HELLO'], now = Date.now()): OpenedPairing | null {
    this.pending.sweep(now);
    const waiting = this.pending.forMac(hello.mac, now);
    const displaced =
      waiting.length >= PENDING_PER_MAC
        ? oldest(waiting)
        : this.pending.size >= PENDING_TOTAL
          ? oldest(this.pending.ofBusiestMac(now))
          : undefined;
    if (displaced) {
      this.pending.remove(displaced.id);
      this.bus.publish('device.pairing-closed', { id: displaced.id, mac: displaced.mac });
    }
    const id = randomUUID();
    let code: string;
    do code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    while (waiting.some((p) => p !== displaced && p.codeHash === hashCode(p.id, code)));
    const key = newDeviceKey();
    this.bus.publish('device.pairing-opened', {
      id,
      mac: hello.mac,
      codeHash: hashCode(id, code),
      keyHash: hashDeviceKey(key),
      expiresAt: now + PAIRING_CODE_TTL_S * 1000,
      firmware: hello.firmware ?? null,
      model: hello.model ?? null,
    });
    return { id, code, key, expiresIn: PAIRING_CODE_TTL_S };
  }

  /** The device showing it went away or its code expired. */
  close(id: string, mac: string): void {
    if (this.pending.has(id)) this.bus.publish('device.pairing-closed', { id, mac });
  }

  isRequested(mac: string): boolean {
    return this.pending.forMac(mac).length > 0;
  }

  list() {
    return this.pending.list();
  }

  /**
   * A person entered the code shown on a scale (access was checked by the caller). The key's
   * hash is stored here, on whatever instance took the request; the socket's instance hears
   * `device.paired` and hands the key to its device. `claimant`: an account that registered with
   * the address and proved it holds the scale by its code; it becomes the approved owner in the
   * same transaction, unless another account's key was stored meanwhile (then 404 as before).
   */
  async confirm(mac: string, code: string, now = new Date(), claimant?: number): Promise<void> {
    const waiting = this.pending.forMac(mac, now.getTime());
    if (waiting.length === 0) throw conflict(PAIRING_MESSAGES.notWaiting);
    const match = this.pending.match(mac, code, now.getTime());
    if (!match) {
      // Delivered here at once: the count below is this instance's, exact on one instance.
      this.bus.publish('device.pairing-wrong-code', { mac });
      if (this.pending.forMac(mac).length === 0) throw badRequest(PAIRING_MESSAGES.tooManyWrong);
      throw badRequest(PAIRING_MESSAGES.wrongCode);
    }
    const stored = await this.repo.storeKey(
      mac,
      match.keyHash,
      now,
      { firmware: match.firmware ?? undefined, model: match.model ?? undefined },
      claimant,
    );
    if (!stored) throw notFound(REFUSALS.scaleNotFound);
    if (claimant !== undefined) this.bus.publish('scale.owner-changed', { mac });
    this.bus.publish('device.paired', { mac, pairingId: match.id });
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
      protocol: DEVICE_PROTOCOL_VERSION,
      minor: DEVICE_PROTOCOL_MINOR,
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
            started: current.game.status === 'active',
          }
        : null,
    };
  }
}

/** The pairing that has waited longest (its code expires first). */
function oldest(pendings: Pending[]): Pending | undefined {
  return pendings.reduce<Pending | undefined>(
    (first, p) => (!first || p.expiresAt < first.expiresAt ? p : first),
    undefined,
  );
}
