import type { WebSocket } from 'ws';
import { DEVICE_REJECTS } from '@beerscale/contract/device-rejects';
import type { DeviceToServerMap } from '@beerscale/contract/device-socket';
import type { DeviceConnection } from './device-connection';
import type { DevicePairingService, OpenedPairing } from './device-pairing.service';
import { rejectSocket } from './device-protocol';

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

/**
 * This instance's sockets showing a pairing code (docs/DEVICE-PROTOCOL.md, Pairing): each one's
 * code and expiry; the pairing service decides, this keeps the sockets.
 */
export class PairingSockets {
  private readonly sockets = new Map<string, PairingSocket>();

  constructor(private readonly pairing: DevicePairingService) {}

  all(): PairingSocket[] {
    return [...this.sockets.values()];
  }

  /** PAIRING { code } on the device's screen; null when refused (too many wait for its MAC). */
  open(
    socket: WebSocket,
    hello: DeviceToServerMap['HELLO'],
    opened: (conn: DeviceConnection) => void,
  ): PairingSocket | null {
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
   * chosen one (if it is here) is handed back to become the scale.
   */
  confirmed(mac: string, pairingId: string): PairingSocket | undefined {
    const chosen = this.sockets.get(pairingId);
    this.drop(mac, pairingId, DEVICE_REJECTS.pairedElsewhere);
    if (!chosen) return undefined;
    this.sockets.delete(pairingId);
    clearTimeout(chosen.expiry);
    return chosen;
  }

  /** Rejects this instance's sockets still showing a code for `mac` (but `keep`). */
  drop(mac: string, keep: string | null, reject: { error: string; retryAfter?: number }): void {
    for (const waiting of this.all()) {
      if (waiting.hello.mac !== mac || waiting.pairing.id === keep) continue;
      this.forget(waiting);
      rejectSocket(waiting.socket, reject);
    }
  }

  /** The pairing service closed `id` for a newer device of the same scale address. */
  displaced(id: string): void {
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
}
