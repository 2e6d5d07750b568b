import type { RawData, WebSocket } from 'ws';
import { CLOSE_POLICY } from '@beerscale/contract/browser-socket';
import { deviceToServerSchema, type DeviceToServer } from '@beerscale/contract/device-socket';

export type Parsed = { ok: true; message: DeviceToServer } | { ok: false; error: string };

/** One device frame against the contract; the error says enough for a firmware developer. */
export function parseDeviceMessage(data: RawData, isBinary: boolean): Parsed {
  if (isBinary) return { ok: false, error: 'Malformed message: binary frames are not accepted' };
  let json: unknown;
  try {
    json = JSON.parse(data.toString());
  } catch {
    return { ok: false, error: 'Malformed message: not JSON' };
  }
  const result = deviceToServerSchema.safeParse(json);
  if (result.success) return { ok: true, message: result.data };
  const issue = result.error.issues[0];
  if (issue?.path[0] === 'mac') return { ok: false, error: issue.message };
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  return { ok: false, error: `Malformed message: ${where}${issue?.message ?? 'invalid'}` };
}

/** DESIGN §8: every refusal is REJECT { error }, then close 1008; the device must not retry blindly. */
export function rejectSocket(socket: WebSocket, error: string): void {
  if (socket.readyState !== socket.OPEN) return;
  socket.send(JSON.stringify({ type: 'REJECT', error }));
  // A close reason is limited to 123 bytes.
  socket.close(CLOSE_POLICY, error.slice(0, 100));
}
