import type { RawData } from 'ws';
import type { WebSocket } from 'ws';
import { CLOSE_GOING_AWAY, CLOSE_POLICY, CLOSE_TOO_BIG } from '@beerscale/contract/browser-socket';
import { DEVICE_REJECTS, MALFORMED_PREFIX } from '@beerscale/contract/device-rejects';
import {
  DEVICE_TO_SERVER_TYPES,
  deviceToServerSchema,
  type DeviceToServer,
} from '@beerscale/contract/device-socket';
import type { DeviceSocket } from './device-connection';

export type Parsed =
  | { ok: true; message: DeviceToServer }
  /** Protocol 1.1: a type this server does not know, from a newer firmware; not an error. */
  | { ok: 'ignored'; type: string }
  | { ok: false; error: string };

/** One device frame against the contract; the error says enough for a firmware developer. */
export function parseDeviceMessage(data: RawData, isBinary: boolean): Parsed {
  if (isBinary) return { ok: false, error: `${MALFORMED_PREFIX}: binary frames are not accepted` };
  let json: unknown;
  try {
    json = JSON.parse(data.toString());
  } catch {
    return { ok: false, error: `${MALFORMED_PREFIX}: not JSON` };
  }
  const type = typeof json === 'object' && json !== null ? (json as { type?: unknown }).type : null;
  if (typeof type === 'string' && !DEVICE_TO_SERVER_TYPES.includes(type)) {
    return { ok: 'ignored', type: type.slice(0, 50) };
  }
  const result = deviceToServerSchema.safeParse(json);
  if (result.success) return { ok: true, message: result.data };
  const issue = result.error.issues[0];
  // The MAC's own rule has its own message; a MAC of the wrong type is malformed like any field.
  if (issue?.path[0] === 'mac' && issue.code !== 'invalid_type') {
    return { ok: false, error: issue.message };
  }
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  return { ok: false, error: `${MALFORMED_PREFIX}: ${where}${issue?.message ?? 'invalid'}` };
}

/**
 * Every refusal is REJECT { error, retryAfter? }, then close 1008. `retryAfter` marks the
 * temporary ones; without it the device must not retry blindly (docs/DEVICE-PROTOCOL.md, REJECT).
 */
export function rejectSocket(
  socket: DeviceSocket,
  reject: string | { error: string; retryAfter?: number },
): void {
  if (socket.readyState !== socket.OPEN) return;
  const { error, retryAfter } = typeof reject === 'string' ? { error: reject } : reject;
  socket.send(JSON.stringify({ type: 'REJECT', error, ...(retryAfter ? { retryAfter } : {}) }));
  // A close reason is limited to 123 bytes.
  socket.close(CLOSE_POLICY, error.slice(0, 100));
}

/**
 * The server is stopping: REJECT { Server shutting down, retryAfter } like every refusal, so the
 * device hears when to come back, but close 1001, not 1008: another instance can take it at once.
 */
export function goAway(socket: DeviceSocket): void {
  if (socket.readyState !== socket.OPEN) return;
  const { error, retryAfter } = DEVICE_REJECTS.shuttingDown;
  socket.send(JSON.stringify({ type: 'REJECT', error, retryAfter }));
  socket.close(CLOSE_GOING_AWAY, error);
}

/**
 * `ws` closes a socket whose frame is over the size limit with 1009 by itself, and only then
 * reports the error. Protocol 1.1 sends REJECT first (a client library that cannot see close
 * codes, arduinoWebSockets, would otherwise loop): the socket's close is wrapped to do so.
 */
export function rejectBeforeOversizedClose(socket: WebSocket): void {
  const close = socket.close.bind(socket);
  socket.close = (code?: number, reason?: string | Buffer) => {
    if (code === CLOSE_TOO_BIG && socket.readyState === socket.OPEN) {
      socket.send(JSON.stringify({ type: 'REJECT', error: DEVICE_REJECTS.messageTooLarge.error }));
    }
    close(code, reason);
  };
}
