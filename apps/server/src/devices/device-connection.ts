import type { WebSocket } from 'ws';
import type { ServerToDevice } from '@beerscale/contract/device-socket';
import { DEVICE_MAX_WEIGHT_HZ } from '@beerscale/contract/device-socket';
import { rejectSocket } from './device-protocol';

/**
 * What the gateway needs of a device's socket: a WebSocket, or a browser bridging a Bluetooth
 * scale (bridge-link.ts), which drops the commands (no screen) and so never ACKs them.
 */
export type DeviceSocket = Pick<
  WebSocket,
  'readyState' | 'OPEN' | 'CONNECTING' | 'send' | 'close' | 'terminate'
> & { readonly dropsCommands?: boolean };

/** One authenticated device socket; `id` is its claim on the scale in the tables. */
export class DeviceConnection {
  lastHeardAt: number;
  private readonly pongListeners = new Set<() => void>();
  private windowStart = 0;
  private samplesInWindow = 0;

  constructor(
    readonly socket: DeviceSocket,
    readonly mac: string,
    readonly id: string,
    now: number,
  ) {
    this.lastHeardAt = now;
  }

  /** Any message from the device is proof of life. */
  heard(now: number): void {
    this.lastHeardAt = now;
  }

  /** The device answered a PING. */
  ponged(): void {
    for (const wake of [...this.pongListeners]) wake();
  }

  /**
   * PING, then whether the device answers PONG within `ms`. Only a PONG counts: a reading or an
   * ACK the device sent before it let go of this socket (it closes it to change WiFi, then comes
   * back) may still be on its way and proves nothing about who holds the key now. A socket whose
   * close has begun cannot answer at all.
   */
  answersPing(ms: number): Promise<boolean> {
    if (this.socket.readyState !== this.socket.OPEN) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = (answered: boolean) => {
        clearTimeout(timer);
        this.pongListeners.delete(wake);
        resolve(answered);
      };
      const wake = () => done(true);
      const timer = setTimeout(() => done(false), ms);
      this.pongListeners.add(wake);
      this.send({ type: 'PING' });
    });
  }

  send(message: ServerToDevice): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /**
   * Scales send WEIGHT at about 10 Hz; beyond DEVICE_MAX_WEIGHT_HZ in one second the samples are
   * dropped (docs/DEVICE-PROTOCOL.md, Heartbeat and rates), so one device cannot flood the engine.
   */
  admitSample(now: number): boolean {
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.samplesInWindow = 0;
    }
    this.samplesInWindow += 1;
    return this.samplesInWindow <= DEVICE_MAX_WEIGHT_HZ;
  }

  reject(reject: string | { error: string; retryAfter?: number }): void {
    rejectSocket(this.socket, reject);
  }

  close(code: number, reason: string): void {
    if (
      this.socket.readyState === this.socket.OPEN ||
      this.socket.readyState === this.socket.CONNECTING
    ) {
      this.socket.close(code, reason);
    }
  }
}
