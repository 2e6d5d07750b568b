import { describe, expect, it } from 'vitest';
import { DEVICE_REJECTS } from '@beerscale/contract/device-rejects';
import type { DeviceToServer, DeviceToServerMap } from '@beerscale/contract/device-socket';
import type { Parsed } from './device-protocol';
import { socketStep, type SocketState, type SocketStep } from './device-socket-steps';

const HELLO: DeviceToServerMap['HELLO'] = { type: 'HELLO', mac: 'AA0000000001' };
const WEIGHT: DeviceToServer = { type: 'WEIGHT', grams: 12, stable: true };
const PING: DeviceToServer = { type: 'PING' };
const ACK: DeviceToServer = { type: 'ACK', cmdId: 'c-1' };

const frame = (message: DeviceToServer): Parsed => ({ ok: true, message });
const unknown: Parsed = { ok: 'ignored', type: 'BATTERY' };
const malformed: Parsed = { ok: false, error: 'Malformed message: not JSON' };

const refuse = (reason: Extract<SocketStep, { kind: 'refuse' }>['reason']): SocketStep => ({
  kind: 'refuse',
  reason,
});

describe('a device socket step', () => {
  const cases: [SocketState, Parsed, SocketStep][] = [
    // HELLO first: before it, anything else (even a type this server does not know) is refused.
    ['waiting', frame(HELLO), { kind: 'hello', hello: HELLO }],
    ['waiting', frame(WEIGHT), refuse(DEVICE_REJECTS.helloFirst)],
    ['waiting', frame(PING), refuse(DEVICE_REJECTS.helloFirst)],
    ['waiting', unknown, refuse(DEVICE_REJECTS.helloFirst)],
    ['waiting', malformed, refuse('Malformed message: not JSON')],
    // While the HELLO is checked nothing counts; an unknown type is still proof of life.
    ['handshaking', frame(WEIGHT), { kind: 'ignore' }],
    ['handshaking', frame(HELLO), { kind: 'ignore' }],
    ['handshaking', unknown, { kind: 'unknown-type', type: 'BATTERY' }],
    ['handshaking', malformed, refuse('Malformed message: not JSON')],
    // Showing a code: proof of life only, a PING answered, a second HELLO refused.
    ['pairing', frame(WEIGHT), { kind: 'pairing-alive', pong: false }],
    ['pairing', frame(ACK), { kind: 'pairing-alive', pong: false }],
    ['pairing', frame(PING), { kind: 'pairing-alive', pong: true }],
    ['pairing', frame(HELLO), refuse(DEVICE_REJECTS.helloAgain)],
    ['pairing', unknown, { kind: 'unknown-type', type: 'BATTERY' }],
    ['pairing', malformed, refuse('Malformed message: not JSON')],
    // The scale's connection: every valid message is the protocol's (a HELLO too: refused there).
    ['open', frame(WEIGHT), { kind: 'message', message: WEIGHT }],
    ['open', frame(PING), { kind: 'message', message: PING }],
    ['open', frame(HELLO), { kind: 'message', message: HELLO }],
    ['open', unknown, { kind: 'unknown-type', type: 'BATTERY' }],
    ['open', malformed, refuse('Malformed message: not JSON')],
  ];

  it.each(cases)('in %s, %j leads to %j', (state, parsed, step) => {
    expect(socketStep(state, parsed)).toEqual(step);
  });
});
