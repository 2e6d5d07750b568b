import type { FastifyInstance } from 'fastify';
import { DEVICE_REJECTS } from '@beerscale/contract/device-rejects';
import type { DeviceGateway } from './device-gateway';
import { rejectBeforeOversizedClose, rejectSocket } from './device-protocol';
import { upgradeRequired } from '../http/upgrade-required';

/**
 * What the usual ESP32/ESP8266 WebSocket client (arduinoWebSockets) sends unless its firmware
 * strips it. No browser sends it: pages opened from files send `Origin: null`.
 */
const FIRMWARE_ORIGIN = 'file://';

/** `/ws/device`: the scales' socket (docs/DEVICE-PROTOCOL.md); the gateway runs each connection. */
export function registerDeviceSocket(app: FastifyInstance, gateway: DeviceGateway): void {
  app.route({
    method: 'GET',
    url: '/ws/device',
    handler: upgradeRequired,
    wsHandler: (socket, request) => {
      rejectBeforeOversizedClose(socket);
      // A web page (any site, in any player's browser on the LAN) always sends its Origin, and
      // must not be able to pair an unclaimed scale or pose as one; firmware sends none or file://.
      const origin = request.headers.origin;
      if (origin && origin !== FIRMWARE_ORIGIN) {
        return rejectSocket(socket, DEVICE_REJECTS.browserOrigin);
      }
      gateway.accept(socket, request.ip);
    },
  });
  gateway.startHeartbeat();
}
