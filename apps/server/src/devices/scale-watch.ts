import type { BrowserHub } from '../realtime/browser-hub';
import type { BrowserMessageRouter } from '../realtime/browser-messages';
import type { DeviceGateway } from './device-gateway';
import type { DevicesRepository } from './devices.repository';

export const NOT_ALLOWED_TO_WATCH = 'You cannot watch this scale';

/**
 * SELECT_SCALE (DESIGN §7): the owner of a scale and the players of a game on it may watch its
 * live weight; anyone else gets an ERROR and nothing.
 */
export function registerScaleWatch(
  router: BrowserMessageRouter,
  hub: BrowserHub,
  repo: DevicesRepository,
  gateway: DeviceGateway,
): void {
  router.on('SELECT_SCALE', async (conn, { macAddress }) => {
    if (!(await repo.canWatch(macAddress, conn.userId))) return NOT_ALLOWED_TO_WATCH;
    hub.watch(conn, macAddress);
    conn.send({ type: 'SCALE_STATUS', macAddress, connected: gateway.isConnected(macAddress) });
    const sample = gateway.latestSample(macAddress);
    if (sample) {
      conn.send({
        type: 'SCALE_DATA',
        macAddress,
        grams: sample.grams,
        stable: sample.stable,
        ts: sample.at,
      });
    }
  });
  router.on('UNSELECT_SCALE', (conn) => hub.unwatch(conn));
}
