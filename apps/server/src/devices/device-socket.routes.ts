import type { FastifyInstance } from 'fastify';
import type { DeviceGateway } from './device-gateway';
import { rejectSocket } from './device-protocol';
import { upgradeRequired } from '../http/upgrade-required';

export const BROWSER_ORIGIN_REFUSED = 'Scales connect without an Origin; browsers may not';

/** `/ws/device`: the scales' socket (DESIGN §8); the gateway runs each connection. */
export function registerDeviceSocket(app: FastifyInstance, gateway: DeviceGateway): void {
  app.route({
    method: 'GET',
    url: '/ws/device',
    handler: upgradeRequired,
    wsHandler: (socket, request) => {
      // Firmware never sends Origin; a web page (any site, in any player's browser on the LAN)
      // always does, and must not be able to pair an unclaimed scale or pose as one.
      if (request.headers.origin) return rejectSocket(socket, BROWSER_ORIGIN_REFUSED);
      gateway.accept(socket);
    },
  });
  gateway.startHeartbeat();
}
