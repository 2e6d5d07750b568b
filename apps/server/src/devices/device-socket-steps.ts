import { DEVICE_REJECTS } from '@beerscale/contract/device-rejects';
import type { DeviceToServer, DeviceToServerMap } from '@beerscale/contract/device-socket';
import type { Parsed } from './device-protocol';

/**
 * Where a device socket stands: waiting for HELLO; its HELLO being checked; showing a pairing
 * code; or the scale's connection (after WELCOME).
 */
export type SocketState = 'waiting' | 'handshaking' | 'pairing' | 'open';

/** What one frame from a device socket leads to. */
export type SocketStep =
  /** REJECT with this reason and close; whatever the socket held is let go. */
  | { kind: 'refuse'; reason: string | { error: string; retryAfter?: number } }
  /** Check the HELLO: a key lets the device in, any other device is shown a pairing code. */
  | { kind: 'hello'; hello: DeviceToServerMap['HELLO'] }
  /** A newer firmware's message type: proof of life, reported once per socket. */
  | { kind: 'unknown-type'; type: string }
  /** Nothing counts until WELCOME or PAIRING is sent. */
  | { kind: 'ignore' }
  /** Proof of life of a socket showing its code (and a PONG owed for a PING). */
  | { kind: 'pairing-alive'; pong: boolean }
  /** An admitted scale's message (device-messages.ts). */
  | { kind: 'message'; message: DeviceToServer };

/**
 * The rules of a device socket's life (docs/DEVICE-PROTOCOL.md, The conversation): HELLO comes
 * first (before it, even an unknown type is refused); a malformed frame ends the socket in any
 * state; while the HELLO is checked nothing counts; while a code is shown only proof of life
 * counts and a second HELLO is refused; after WELCOME every message is the protocol's.
 */
export function socketStep(state: SocketState, parsed: Parsed): SocketStep {
  if (parsed.ok === 'ignored') {
    if (state === 'waiting') return { kind: 'refuse', reason: DEVICE_REJECTS.helloFirst };
    return { kind: 'unknown-type', type: parsed.type };
  }
  if (!parsed.ok) return { kind: 'refuse', reason: parsed.error };
  const message = parsed.message;
  switch (state) {
    case 'waiting':
      if (message.type !== 'HELLO') return { kind: 'refuse', reason: DEVICE_REJECTS.helloFirst };
      return { kind: 'hello', hello: message };
    case 'handshaking':
      return { kind: 'ignore' };
    case 'pairing':
      // Until a person confirms the code, weights are not used.
      if (message.type === 'HELLO') return { kind: 'refuse', reason: DEVICE_REJECTS.helloAgain };
      return { kind: 'pairing-alive', pong: message.type === 'PING' };
    case 'open':
      return { kind: 'message', message };
  }
}
