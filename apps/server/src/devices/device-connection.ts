import type { WebSocket } from 'ws';
import type { ServerToDevice } from '@beerscale/contract/device-socket';
import { rejectSocket } from './device-protocol';
import { SampleBudget } from './sample-budget';

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
  private readonly samples: SampleBudget;

  constructor(
    readonly socket: DeviceSocket,
    readonly mac: string,
    readonly id: string,
    now: number,
  ) {
    this.lastHeardAt = now;
    this.samples = new SampleBudget(now);
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

  /** Whether a WEIGHT counts (docs/DEVICE-PROTOCOL.md, Heartbeat and rates): see SampleBudget. */
  admitSample(now: number): boolean {
    return this.samples.admit(now);
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
