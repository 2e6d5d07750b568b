import {
  CLOSE_NORMAL,
  CLOSE_POLICY,
  serverToBrowserSchema,
  type ServerToBrowser,
} from '@beerscale/contract/browser-socket';
import { SocketHealth, type HealthHooks, type HealthOptions } from './socket-health';

/**
 * The contract side of the live socket: close codes and the parser of server messages. It pulls
 * in zod, so the session loads it lazily, once there is a session to connect for.
 */
export interface SocketProtocol {
  closeNormal: number;
  closePolicy: number;
  /** A server message checked against the contract, or null for anything else. */
  parse(raw: string): ServerToBrowser | null;
  /** The liveness and network watch (socket-health.ts), loaded with the protocol. */
  health?: (hooks: HealthHooks, options: HealthOptions) => SocketHealth;
}

export const socketProtocol: SocketProtocol = {
  closeNormal: CLOSE_NORMAL,
  closePolicy: CLOSE_POLICY,
  parse(raw) {
    try {
      const checked = serverToBrowserSchema.safeParse(JSON.parse(raw));
      return checked.success ? checked.data : null;
    } catch {
      return null;
    }
  },
  health: (hooks, options) => new SocketHealth(hooks, options),
};
