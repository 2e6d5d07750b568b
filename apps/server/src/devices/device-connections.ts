import { DEVICE_REJECTS } from '@beerscale/contract/device-rejects';
import type { EventBus } from '../realtime/event-bus';
import type { DeviceConnection } from './device-connection';
import { recordSaysOnline, type ConnectionRecord } from './device-presence';
import type { DevicesRepository } from './devices.repository';

export interface DeviceSample {
  grams: number;
  stable: boolean;
  /** Server receipt time (ms): the engine times stability by this, not by the device's clock. */
  at: number;
}

export type SampleListener = (mac: string, sample: DeviceSample) => void;
export type ConnectionListener = (mac: string, connected: boolean) => void;

/**
 * This instance's scales: one live connection per scale, its latest admitted sample, and who is
 * told when a scale comes, goes or weighs something (the engine here, watchers through the bus).
 * A connection that is no longer its scale's (replaced, retired) counts for nothing; one is
 * sent away when another instance claims its scale or the scale's key is reset.
 */
export class DeviceConnections {
  private readonly byMac = new Map<string, DeviceConnection>();
  private readonly latest = new Map<string, DeviceSample>();
  private readonly sampleListeners = new Set<SampleListener>();
  private readonly connectionListeners = new Set<ConnectionListener>();
  private readonly unsubscribe: (() => void)[];

  constructor(
    private readonly repo: DevicesRepository,
    private readonly bus: EventBus,
    private readonly instanceId: string,
    private readonly onError: (err: unknown) => void,
  ) {
    this.unsubscribe = [
      bus.subscribe('device.claimed', ({ mac, connectionId }) => {
        // Another instance accepted this scale: the older socket here must not keep streaming.
        const conn = this.byMac.get(mac);
        if (!conn || conn.id === connectionId) return;
        void this.retire(conn, false);
        conn.reject(DEVICE_REJECTS.replaced);
      }),
      bus.subscribe('scale.key-reset', ({ mac }) => {
        const conn = this.byMac.get(mac);
        if (!conn) return;
        void this.retire(conn);
        conn.reject(DEVICE_REJECTS.keyReset);
      }),
    ];
  }

  /** Stops listening to the bus; the connections stay until retired. */
  close(): void {
    this.unsubscribe.forEach((off) => off());
  }

  get(mac: string): DeviceConnection | undefined {
    return this.byMac.get(mac);
  }

  all(): DeviceConnection[] {
    return [...this.byMac.values()];
  }

  /** Still its scale's connection: a replaced or retired one's words no longer count. */
  isCurrent(conn: DeviceConnection): boolean {
    return this.byMac.get(conn.mac) === conn;
  }

  /** Connected to any instance: this one's sockets first, the tables for the others. */
  isOnline(record: ConnectionRecord): boolean {
    if (this.byMac.has(record.mac)) return true;
    if (record.connection_id?.startsWith(`${this.instanceId}.`)) return false;
    return recordSaysOnline(record);
  }

  latestSample(mac: string): DeviceSample | undefined {
    return this.latest.get(mac);
  }

  onSample(listener: SampleListener): () => void {
    this.sampleListeners.add(listener);
    return () => this.sampleListeners.delete(listener);
  }

  onConnectionChange(listener: ConnectionListener): () => void {
    this.connectionListeners.add(listener);
    return () => this.connectionListeners.delete(listener);
  }

  /** `conn` is its scale's connection from now on; returns the one it replaces. */
  register(conn: DeviceConnection): DeviceConnection | undefined {
    const previous = this.byMac.get(conn.mac);
    this.byMac.set(conn.mac, conn);
    this.latest.delete(conn.mac);
    return previous;
  }

  /** The scale's new connection is announced (a replacement is not a leave). */
  connected(mac: string): void {
    this.announce(mac, true, true);
  }

  /**
   * A WEIGHT: those within the scale's budget count (DEVICE_MAX_WEIGHT_HZ a second, a stall's
   * backlog too; sample-budget.ts), each goes to the engine in this process and to watchers
   * through the bus.
   */
  sample(conn: DeviceConnection, grams: number, stable: boolean): void {
    const at = Date.now();
    if (!conn.admitSample(at)) return;
    const sample = { grams, stable, at };
    this.latest.set(conn.mac, sample);
    for (const listener of this.sampleListeners) {
      try {
        listener(conn.mac, sample);
      } catch (err) {
        this.onError(err);
      }
    }
    this.bus.publish('scale.sample', { mac: conn.mac, grams, stable, ts: at });
  }

  /**
   * The scale is no longer this socket's: forget it, tell listeners (and, unless another
   * instance took it, the bus), drop its claim in the tables.
   */
  retire(conn: DeviceConnection, publish = true): Promise<void> {
    if (!this.isCurrent(conn)) return Promise.resolve();
    this.byMac.delete(conn.mac);
    this.latest.delete(conn.mac);
    this.announce(conn.mac, false, publish);
    return this.repo.release(conn.mac, conn.id, new Date()).catch(this.onError);
  }

  private announce(mac: string, connected: boolean, publish: boolean): void {
    for (const listener of this.connectionListeners) {
      try {
        listener(mac, connected);
      } catch (err) {
        this.onError(err);
      }
    }
    if (publish) this.bus.publish('scale.status', { mac, connected });
  }
}
