import type { DeviceConnection } from './device-connection';
import type { PairingSocket } from './pairing-sockets';

/** What liveness needs of the gateway. */
export interface LivenessTarget {
  connections(): DeviceConnection[];
  /** The socket went silent: it no longer holds its scale. */
  retire(conn: DeviceConnection): void;
  pairingSockets(): PairingSocket[];
  forgetPairing(waiting: PairingSocket): void;
  /** This instance still holds these connections' claims. */
  refreshClaims(ids: string[], now: Date): void;
  /** Commands not ACKed in time are sent again (or given up). */
  resend(now: number): void;
}

/**
 * The heartbeat of /ws/device: every device, paired or showing a code, is PINGed and dropped
 * when silent for `idleMs` (docs/DEVICE-PROTOCOL.md, Heartbeat); claims are refreshed with it;
 * unACKed commands are looked at three times per resend interval.
 */
export class DeviceLiveness {
  private heartbeat: NodeJS.Timeout | null = null;
  private resender: NodeJS.Timeout | null = null;

  constructor(
    private readonly target: LivenessTarget,
    private readonly idleMs: number,
    private readonly resendMs: number,
  ) {}

  start(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => this.tick(Date.now()), Math.min(20_000, this.idleMs / 2));
    this.heartbeat.unref();
    this.resender = setInterval(() => this.target.resend(Date.now()), this.resendMs / 3);
    this.resender.unref();
  }

  stop(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.resender) clearInterval(this.resender);
  }

  private tick(now: number): void {
    for (const conn of this.target.connections()) {
      if (now - conn.lastHeardAt > this.idleMs) {
        this.target.retire(conn);
        conn.socket.terminate();
      } else conn.send({ type: 'PING' });
    }
    for (const waiting of this.target.pairingSockets()) {
      if (now - waiting.lastHeardAt > this.idleMs) {
        this.target.forgetPairing(waiting);
        waiting.socket.terminate();
      } else waiting.socket.send(JSON.stringify({ type: 'PING' }));
    }
    this.target.refreshClaims(
      this.target.connections().map((conn) => conn.id),
      new Date(now),
    );
  }
}
