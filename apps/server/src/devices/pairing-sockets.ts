import type { WebSocket } from 'ws';
import { DEVICE_REJECTS } from '@beerscale/contract/device-rejects';
import type { DeviceToServerMap } from '@beerscale/contract/device-socket';
import type { EventBus } from '../realtime/event-bus';
import type { DeviceConnection } from './device-connection';
import type { DevicePairingService, OpenedPairing } from './device-pairing.service';
import { goAway, rejectSocket } from './device-protocol';

/** A device socket waiting for a person to confirm the code on its screen. */
export interface PairingSocket {
  socket: WebSocket;
  hello: DeviceToServerMap['HELLO'];
  pairing: OpenedPairing;
  expiry: NodeJS.Timeout;
  /** A device showing its code is pinged and dropped when silent, like a paired one. */
  lastHeardAt: number;
  /** Moves the socket's own state machine on once the pairing is confirmed. */
  opened: (conn: DeviceConnection) => void;
}

export interface PairingSocketsDeps {
  pairing: DevicePairingService;
  bus: EventBus;
  /** Lets a confirmed device in as its scale with its new key (device-admission.ts). */
  admit: (
    socket: WebSocket,
    hello: DeviceToServerMap['HELLO'],
    key: string,
  ) => Promise<DeviceConnection | null>;
  /** The gateway is stopping: no code is shown any more. */
  isClosed: () => boolean;
  onError: (err: unknown) => void;
}

/**
 * This instance's sockets showing a pairing code (docs/DEVICE-PROTOCOL.md, Pairing): each one's
 * code and expiry, and what the pairing service's facts mean for them (a code confirmed, one
 * displaced by a newer device of the address, too many wrong codes). The pairing service
 * decides, this keeps the sockets.
 */
export class PairingSockets {
  private readonly sockets = new Map<string, PairingSocket>();
  private readonly pairing: DevicePairingService;
  private readonly unsubscribe: (() => void)[];

  constructor(private readonly deps: PairingSocketsDeps) {
    this.pairing = deps.pairing;
    this.unsubscribe = [
      // A newer device of the same address displaced a code shown here (pairing service).
      deps.bus.subscribe('device.pairing-closed', ({ id }) => this.displaced(id)),
      deps.bus.subscribe('device.paired', ({ mac, pairingId }) => this.paired(mac, pairingId)),
      deps.bus.subscribe('device.pairing-wrong-code', ({ mac }) => {
        // The pairing service dropped the address when the limit was reached.
        if (this.pairing.isRequested(mac)) return;
        this.drop(mac, null, DEVICE_REJECTS.pairingWrongCodes);
      }),
    ];
  }

  all(): PairingSocket[] {
    return [...this.sockets.values()];
  }

  /**
   * PAIRING { code } on the device's screen; null when refused (too many wait for its MAC) or
   * too late (the socket or the server is going).
   */
  open(
    socket: WebSocket,
    hello: DeviceToServerMap['HELLO'],
    opened: (conn: DeviceConnection) => void,
  ): PairingSocket | null {
    if (socket.readyState !== socket.OPEN || this.deps.isClosed()) return null;
    const pairing = this.pairing.open(hello);
    if (!pairing) {
      rejectSocket(socket, DEVICE_REJECTS.pairingBusy);
      return null;
    }
    const waiting: PairingSocket = {
      socket,
      hello,
      pairing,
      opened,
      lastHeardAt: Date.now(),
      expiry: setTimeout(() => {
        this.forget(waiting);
        rejectSocket(socket, DEVICE_REJECTS.pairingExpired);
      }, pairing.expiresIn * 1000),
    };
    waiting.expiry.unref();
    this.sockets.set(pairing.id, waiting);
    socket.send(
      JSON.stringify({ type: 'PAIRING', code: pairing.code, expiresIn: pairing.expiresIn }),
    );
    return waiting;
  }

  /**
   * A person confirmed a code: the other sockets showing a code for `mac` are sent away, and the
   * chosen one (if it is here) becomes the scale; a paired scale already connected with the old
   * key is replaced by it.
   */
  private paired(mac: string, pairingId: string): void {
    const chosen = this.sockets.get(pairingId);
    this.drop(mac, pairingId, DEVICE_REJECTS.pairedElsewhere);
    if (!chosen) return;
    this.sockets.delete(pairingId);
    clearTimeout(chosen.expiry);
    this.deps
      .admit(chosen.socket, chosen.hello, chosen.pairing.key)
      .then((conn) => {
        if (conn) chosen.opened(conn);
      })
      .catch((err) => {
        this.deps.onError(err);
        rejectSocket(chosen.socket, DEVICE_REJECTS.serverError);
      });
  }

  /** Rejects this instance's sockets still showing a code for `mac` (but `keep`). */
  private drop(
    mac: string,
    keep: string | null,
    reject: { error: string; retryAfter?: number },
  ): void {
    for (const waiting of this.all()) {
      if (waiting.hello.mac !== mac || waiting.pairing.id === keep) continue;
      this.forget(waiting);
      rejectSocket(waiting.socket, reject);
    }
  }

  /** The pairing service closed `id` for a newer device of the same scale address. */
  private displaced(id: string): void {
    const waiting = this.sockets.get(id);
    if (!waiting) return;
    this.sockets.delete(id);
    clearTimeout(waiting.expiry);
    rejectSocket(waiting.socket, DEVICE_REJECTS.replaced);
  }

  forget(waiting: PairingSocket): void {
    if (this.sockets.get(waiting.pairing.id) !== waiting) return;
    this.sockets.delete(waiting.pairing.id);
    clearTimeout(waiting.expiry);
    this.pairing.close(waiting.pairing.id, waiting.hello.mac);
  }

  /** The server is stopping: every code shown here is closed, its device told to come back. */
  close(): void {
    this.unsubscribe.forEach((off) => off());
    for (const waiting of this.all()) {
      this.forget(waiting);
      goAway(waiting.socket);
    }
  }
}
