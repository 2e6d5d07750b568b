import { BRIDGE_REFUSALS } from '@beerscale/contract/bluetooth-bridge';
import type { BrowserConnection } from '../realtime/browser-connection';
import type { BrowserMessageRouter } from '../realtime/browser-messages';
import { bridgedScaleMac } from './bridge-address';
import { BridgeLink } from './bridge-link';
import type { BridgeRepository } from './bridge.repository';
import type { DeviceConnection } from './device-connection';
import type { DeviceGateway } from './device-gateway';

interface Bridge {
  link: BridgeLink;
  conn: DeviceConnection;
}

/**
 * The Web Bluetooth bridge on the browser socket (a bridged scale is a scale of the server like
 * any other, docs/ARCHITECTURE.md). BRIDGE_OPEN makes the scale the player's, approved, and
 * admits it to the device gateway (bridge-port.ts) as if it had said HELLO with its key;
 * BRIDGE_WEIGHT takes the path of a device's WEIGHT; BRIDGE_CLOSE or the socket's close take it
 * offline. One socket bridges one scale at a time; a newer bridge (or device) of the same scale
 * replaces the older one.
 */
export function registerBluetoothBridge(
  router: BrowserMessageRouter,
  gateway: DeviceGateway,
  repo: BridgeRepository,
  onError: (err: unknown) => void,
): void {
  const bridges = new WeakMap<BrowserConnection, Bridge>();
  // Opens of one socket may overlap while the tables answer: only the newest one counts.
  const attempts = new WeakMap<BrowserConnection, number>();
  const watched = new WeakSet<BrowserConnection>();

  const end = async (browser: BrowserConnection): Promise<void> => {
    const bridge = bridges.get(browser);
    if (!bridge) return;
    bridges.delete(browser);
    bridge.link.detach();
    await gateway.bridge.release(bridge.conn).catch(onError);
  };

  router.on('BRIDGE_OPEN', async (browser, { deviceId, name, driver }) => {
    const attempt = (attempts.get(browser) ?? 0) + 1;
    attempts.set(browser, attempt);
    if (!watched.has(browser)) {
      watched.add(browser);
      browser.socket.once('close', () => void end(browser));
    }
    // Released before the next is adopted, so the replaced scale counts as not connected.
    await end(browser);
    const mac = bridgedScaleMac(browser.userId, deviceId);
    if ((await repo.adopt(mac, browser.userId, name, new Date())) === 'foreign') {
      return BRIDGE_REFUSALS.foreign;
    }
    if (attempts.get(browser) !== attempt || !browser.isOpen) return;
    const link = new BridgeLink(browser, (reason) => {
      if (bridges.get(browser)?.link === link) bridges.delete(browser);
      browser.send({
        type: 'BRIDGE_STATUS',
        macAddress: mac,
        bridged: false,
        ...(reason ? { error: reason } : {}),
      });
    });
    const conn = await gateway.bridge.admit(link, mac, `Bluetooth ${driver}`.slice(0, 50));
    if (!conn) return;
    if (attempts.get(browser) !== attempt || !browser.isOpen) {
      link.detach();
      await gateway.bridge.release(conn);
      return;
    }
    link.onPing = () => {
      conn.lastHeardAt = Date.now();
    };
    bridges.set(browser, { link, conn });
    browser.send({ type: 'BRIDGE_STATUS', macAddress: mac, bridged: true });
  });

  router.on('BRIDGE_WEIGHT', (browser, { grams, stable }) => {
    // Readings that cross a replacement or a close on the wire are simply dropped.
    const bridge = bridges.get(browser);
    if (bridge) gateway.bridge.sample(bridge.conn, grams, stable);
  });

  router.on('BRIDGE_CLOSE', (browser) => {
    attempts.set(browser, (attempts.get(browser) ?? 0) + 1);
    void end(browser);
  });
}
