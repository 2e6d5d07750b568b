import type { DeviceAdmission } from './device-admission';
import type { DeviceConnection, DeviceSocket } from './device-connection';
import type { DeviceConnections } from './device-connections';

/**
 * The gateway's door for a Bluetooth scale bridged by a browser (bridge.service.ts): the scale
 * is a device of the gateway like any other, only its socket is a BridgeLink.
 */
export class BridgePort {
  constructor(
    private readonly admission: DeviceAdmission,
    private readonly connections: DeviceConnections,
  ) {}

  /**
   * Admitted like a device with its key, since the signed-in player speaks for it. A newer
   * bridge or device replaces it.
   */
  admit(link: DeviceSocket, mac: string, model: string): Promise<DeviceConnection | null> {
    return this.admission.admit(link, { type: 'HELLO', mac, model }, undefined);
  }

  /** A bridged reading takes the path of a device's WEIGHT (rate limit, engine, watchers). */
  sample(conn: DeviceConnection, grams: number, stable: boolean): void {
    if (!this.connections.isCurrent(conn)) return;
    conn.heard(Date.now());
    this.connections.sample(conn, grams, stable);
  }

  /** The bridge closed: the scale goes offline as a WiFi scale whose socket closed. */
  release(conn: DeviceConnection): Promise<void> {
    return this.connections.retire(conn);
  }
}
