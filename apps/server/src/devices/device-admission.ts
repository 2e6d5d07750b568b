import {
  DEVICE_PING_ANSWER_MS,
  type DeviceToServerMap,
  type ServerToDeviceMap,
} from '@beerscale/contract/device-socket';
import type { EventBus } from '../realtime/event-bus';
import type { DeviceConnection } from './device-connection';
import type { DevicePairingService } from './device-pairing.service';
import type { DevicesRepository } from './devices.repository';

/** What an admitted device is sent and holds: its WELCOME and its claim in the tables. */
export interface Admitted {
  id: string;
  welcome: ServerToDeviceMap['WELCOME'];
}

/**
 * Letting a device in as its scale: whether a connected one keeps its place ("Key in use"), the
 * connection's claim in the tables, and a WELCOME that is not stale by the time it is sent.
 */
export class DeviceAdmission {
  private connectionSeq = 0;
  /**
   * Per scale being admitted: how many facts that change its WELCOME were heard meanwhile. Until
   * the socket is registered the notifier drops such facts (not connected here), so an admission
   * that heard one reads the WELCOME again instead of sending a stale one.
   */
  private readonly admissions = new Map<string, { pending: number; facts: number }>();
  private readonly unsubscribe: (() => void)[];

  constructor(
    private readonly repo: DevicesRepository,
    private readonly pairing: DevicePairingService,
    bus: EventBus,
    private readonly instanceId: string,
    private readonly pingAnswerMs = DEVICE_PING_ANSWER_MS,
  ) {
    this.unsubscribe = [
      bus.subscribe('game.configured', ({ mac }) => this.heard(mac)),
      bus.subscribe('game.started', ({ mac }) => this.heard(mac)),
      bus.subscribe('game.cancelled', ({ mac }) => this.heard(mac)),
      bus.subscribe('lobby.cancelled', ({ scaleMac }) => this.heard(scaleMac)),
      bus.subscribe('scale.settings-changed', ({ mac }) => this.heard(mac)),
    ];
  }

  /**
   * A copied key must not throw the genuine scale off: a connected scale that still answers keeps
   * its place; one that went silent (a half-open socket after a WiFi drop) may be replaced. A
   * bridged Bluetooth scale is not asked (its browser does not answer for it).
   */
  async keepsPlace(connected: DeviceConnection | undefined): Promise<boolean> {
    if (!connected || connected.socket.dropsCommands) return false;
    return connected.answersPing(this.pingAnswerMs);
  }

  /** Claims the scale for a new connection here and reads its WELCOME (again while it changed). */
  async admit(hello: DeviceToServerMap['HELLO'], newKey: string | undefined): Promise<Admitted> {
    this.connectionSeq += 1;
    const id = `${this.instanceId}.${this.connectionSeq}`;
    const admission = this.admissions.get(hello.mac) ?? { pending: 0, facts: 0 };
    admission.pending += 1;
    this.admissions.set(hello.mac, admission);
    try {
      let heard = admission.facts;
      let welcome = await this.pairing.welcome(hello.mac, newKey);
      await this.repo.claim(hello.mac, id, new Date(), {
        firmware: hello.firmware,
        model: hello.model,
      });
      // A game set up (or cancelled, or settings changed) while the tables answered: its command
      // was dropped, so the WELCOME is read again until no such fact came in during the read.
      while (admission.facts !== heard) {
        heard = admission.facts;
        welcome = await this.pairing.welcome(hello.mac, newKey);
      }
      return { id, welcome };
    } finally {
      admission.pending -= 1;
      if (admission.pending === 0) this.admissions.delete(hello.mac);
    }
  }

  close(): void {
    this.unsubscribe.forEach((off) => off());
  }

  private heard(mac: string | null): void {
    const admission = mac ? this.admissions.get(mac) : undefined;
    if (admission) admission.facts += 1;
  }
}
