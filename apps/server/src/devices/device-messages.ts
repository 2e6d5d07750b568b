import { DEVICE_REJECTS } from '@beerscale/contract/device-rejects';
import {
  WIFI_FAILED,
  type DeviceToServer,
  type DeviceToServerMap,
} from '@beerscale/contract/device-socket';
import type { CommandDelivery } from './command-delivery';
import type { DeviceConnection } from './device-connection';
import type { DeviceConnections } from './device-connections';

/** What a scale reports on its own (protocol 1.1 STATUS), stored with its settings. */
export interface DeviceReports {
  /** Joining `ssid` failed; false when it is not the network the server sends (ignored). */
  wifiFailed(mac: string, ssid: string): Promise<boolean>;
  /** The scale calibrated itself; false when the factor is out of range (ignored). */
  calibrated(mac: string, factor: number): Promise<boolean>;
}

/** What one STATUS reports: a failed WiFi change needs the network's name; both may come. */
export interface StatusReport {
  wifiFailed?: string;
  calibrated?: number;
}

/**
 * Protocol 1.1 STATUS (docs/DEVICE-PROTOCOL.md, STATUS): every field optional, so one message
 * serves every report; a `wifi` value other than `failed`, or `failed` without the network's
 * name, reports nothing (like a field this server does not know).
 */
export function statusReport(message: DeviceToServerMap['STATUS']): StatusReport {
  return {
    ...(message.wifi === WIFI_FAILED && message.ssid ? { wifiFailed: message.ssid } : {}),
    ...(message.calibrated !== undefined ? { calibrated: message.calibrated } : {}),
  };
}

/**
 * What an admitted scale says (docs/DEVICE-PROTOCOL.md, Messages from the scale): WEIGHT to the
 * engine and the watchers, PING answered, ACK and NACK to the commands waiting for them, STATUS
 * stored with the scale's settings, a second HELLO refused. Proof of life is counted by the
 * socket's session.
 */
export class DeviceMessages {
  constructor(
    private readonly connections: DeviceConnections,
    private readonly delivery: CommandDelivery,
    private readonly reports: DeviceReports | undefined,
    private readonly onError: (err: unknown) => void,
  ) {}

  handle(conn: DeviceConnection, message: DeviceToServer): void {
    switch (message.type) {
      case 'WEIGHT':
        return this.connections.sample(conn, message.grams, message.stable);
      case 'PING':
        return conn.send({ type: 'PONG' });
      case 'NACK':
        return this.delivery.refused(conn.mac, message.cmdId, message.error);
      case 'ACK':
        return this.delivery.acked(conn.mac, message.cmdId);
      case 'PONG':
        return conn.ponged(); // lastHeardAt is already updated
      case 'STATUS':
        return this.status(conn.mac, message);
      case 'HELLO':
        void this.connections.retire(conn);
        return conn.reject(DEVICE_REJECTS.helloAgain);
    }
  }

  private status(mac: string, message: DeviceToServerMap['STATUS']): void {
    if (!this.reports) return;
    const report = statusReport(message);
    if (report.wifiFailed !== undefined) {
      this.reports.wifiFailed(mac, report.wifiFailed).catch(this.onError);
    }
    if (report.calibrated !== undefined) {
      this.reports.calibrated(mac, report.calibrated).catch(this.onError);
    }
  }
}
