import { bytesOf, roundGrams } from './bytes';
import type { Decoded, GattLayout, ScaleDriver } from './types';

/**
 * Acaia scales (Lunar, Pearl, Pearl S, Pyxis, Cinco, Orion, Proch...). Facts used, from the
 * public descriptions of the protocol (written down in docs/BLUETOOTH.md):
 * - every message is `EF DD cmd len payload cks1 cks2`, cks1 the sum (mod 256) of the bytes
 *   from `len` on at even positions, cks2 of those at odd positions; `len` counts itself and the
 *   payload, and a message may be split over notifications (below, decodeStream);
 * - the scale sends nothing until the app identifies itself (cmd 0B, 15 bytes) and asks for
 *   notifications (cmd 0C, an event list), and it drops the link unless a heartbeat (cmd 00,
 *   `02 00`) comes every few seconds; the newer generation (the 49535343 service) also wants the
 *   identify again with each heartbeat;
 * - a weight event is cmd 0C with event type 05: four bytes little-endian, the power of ten to
 *   divide by, then flags (bit 1 negative, bit 0 still moving);
 * - a status message (cmd 08) carries the unit shown: 2 grams, 5 ounces;
 * - tare is cmd 04 with payload 00.
 */

const HEADER = [0xef, 0xdd] as const;
const CMD = { heartbeat: 0x00, tare: 0x04, status: 0x08, identify: 0x0b, event: 0x0c } as const;
const EVENT_WEIGHT = 0x05;
/** A heartbeat answer may carry a weight too: event 0B, the weight event behind its first bytes. */
const EVENT_HEARTBEAT = 0x0b;
const UNIT_GRAMS = 2;
const UNIT_OUNCES = 5;
const GRAMS_PER_OUNCE = 28.349523125;

export function acaiaChecksums(payload: number[]): [number, number] {
  let even = 0;
  let odd = 0;
  payload.forEach((byte, i) => {
    if (i % 2 === 0) even = (even + byte) & 0xff;
    else odd = (odd + byte) & 0xff;
  });
  return [even, odd];
}

export function acaiaMessage(cmd: number, payload: number[]): Uint8Array<ArrayBuffer> {
  return Uint8Array.from([...HEADER, cmd, ...payload, ...acaiaChecksums(payload)]);
}

/** The app's identity: any 15 bytes do; these are the ASCII digits 0-9 then 0-4. */
const IDENTIFY = acaiaMessage(
  CMD.identify,
  [...'012345678901234'].map((c) => c.charCodeAt(0)),
);
/** Ask for weight (event 0, every reading), battery, timer, keys and settings events. */
const EVENTS = [0x00, 0x01, 0x01, 0x02, 0x02, 0x05, 0x03, 0x04];
const NOTIFICATION_REQUEST = acaiaMessage(CMD.event, [EVENTS.length + 1, ...EVENTS]);
const HEARTBEAT = acaiaMessage(CMD.heartbeat, [0x02, 0x00]);
const TARE = acaiaMessage(CMD.tare, [0x00]);

/** Lunar 2021, Pearl S, Pyxis, Cinco: a serial-port-like service. */
export const ACAIA_NEW: GattLayout = {
  service: '49535343-fe7d-4ae5-8fa9-9fafd205e455',
  notify: '49535343-1e4d-4bd9-ba61-23c647249616',
  write: '49535343-8841-43f4-a8d4-ecbe34729bb3',
};
/** Lunar before 2021 and Pearl: one characteristic both ways. */
export const ACAIA_OLD: GattLayout = { service: 0x1820, notify: 0x2a80, write: 0x2a80 };

const isNew = (layout: GattLayout) => layout.service === ACAIA_NEW.service;
export const ACAIA_HEARTBEAT_MS = 3000;

/** Models differ: Pyxis weighs up to 500 g, Pearl S 3 kg, the others 2 kg. */
function capacityGrams(name: string): number {
  if (/pyxis/i.test(name)) return 500;
  if (/pearl\s*s|pearls/i.test(name)) return 3000;
  return 2000;
}

function checksumsFit(b: Uint8Array): boolean {
  const payload = [...b.subarray(3, b.length - 2)];
  const [even, odd] = acaiaChecksums(payload);
  return b[b.length - 2] === even && b[b.length - 1] === odd;
}

/**
 * Header, command and length byte: the length counts itself and the payload behind it, not the
 * header, the command or the two checksums (`EF DD cmd len ... cks1 cks2` is len + 5 bytes).
 */
const FRAMING_BYTES = 5;
const SMALLEST_MESSAGE = 6;
/**
 * Bytes kept while a message is incomplete. The longest message the scales send (a status) is
 * 22 bytes; a buffer this long holds no message worth waiting for (a stream of noise, a length
 * byte that lies): it is dropped and counted as not understood.
 */
const MOST_BUFFERED = 256;
const BUFFER_KEY = 'acaiaPending';

/** Where `EF DD` starts at or after `from`, or -1. */
function headerAt(bytes: number[], from: number): number {
  for (let i = from; i < bytes.length - 1; i += 1)
    if (bytes[i] === HEADER[0] && bytes[i + 1] === HEADER[1]) return i;
  return -1;
}

/**
 * One whole message (header to checksums) read on its own. Null when it does not fit (its
 * checksums, an impossible power of ten): not understood.
 */
function decodeMessage(b: Uint8Array, state: Record<string, unknown>): Decoded {
  if (!checksumsFit(b)) return null;
  const cmd = b[2];
  if (cmd === CMD.status) {
    const unit = b[5];
    if (unit === UNIT_GRAMS || unit === UNIT_OUNCES) state.unit = unit;
    return { other: true };
  }
  if (cmd !== CMD.event) return { other: true };
  const event = b[4];
  // `EF DD 0C len event data cks1 cks2`
  const weightAt = event === EVENT_WEIGHT ? 5 : event === EVENT_HEARTBEAT ? 8 : -1;
  if (weightAt < 0) return { other: true };
  if (event === EVENT_HEARTBEAT && b[7] !== EVENT_WEIGHT) return { other: true };
  if (b.length < weightAt + 6 + 2) return null;
  const raw = new DataView(b.buffer, b.byteOffset, b.byteLength).getUint32(weightAt, true);
  const decimals = b[weightAt + 4] ?? 0;
  const flags = b[weightAt + 5] ?? 0;
  if (decimals > 4) return null;
  const value = ((flags & 0x02 ? -1 : 1) * raw) / 10 ** decimals;
  const perUnit = state.unit === UNIT_OUNCES ? GRAMS_PER_OUNCE : 1;
  return { grams: roundGrams(value * perUnit), stable: (flags & 0x01) === 0 };
}

/**
 * Real scales do not keep one message to one notification: the older Lunar sends `EF DD 0C` in
 * one and the weight event's ten bytes in the next, and a notification may end in the middle of
 * a message or carry two. So the notifications of one connection are one byte stream (kept in
 * the connection's state), cut into messages by their length byte, as pyacaia, Beanconqueror
 * and aioacaia do. What one notification yields: the last weight among the messages it
 * completed; else "not understood" when a completed message did not fit or the bytes hold no
 * header at all; else "other" (a status, or a message still waiting for its rest).
 */
function decodeStream(data: DataView, state: Record<string, unknown>): Decoded {
  const pending = (state[BUFFER_KEY] as number[] | undefined) ?? [];
  const bytes = [...pending, ...bytesOf(data)];
  let reading: Decoded = null;
  let refused = false;
  let rest: number[] = [];
  let at = 0;
  for (;;) {
    const start = headerAt(bytes, at);
    if (start < 0) {
      // No header left: a last EF may be a header split after its first byte; the rest is noise.
      const splitHeader = bytes.length > at && bytes.at(-1) === HEADER[0];
      if (bytes.length - at > (splitHeader ? 1 : 0)) refused = true;
      rest = splitHeader ? [HEADER[0]] : [];
      break;
    }
    if (start > at) refused = true; // bytes before a header belong to no message
    const end = start + (bytes[start + 3] ?? 0) + FRAMING_BYTES;
    if (bytes.length - start < SMALLEST_MESSAGE || end > bytes.length) {
      rest = bytes.slice(start); // the rest comes with the next notification
      break;
    }
    const decoded = decodeMessage(Uint8Array.from(bytes.slice(start, end)), state);
    if (decoded === null) {
      // A message that does not fit may have a wrong length byte too: look for the next header
      // right behind this one, not behind what its length claims.
      refused = true;
      at = start + 2;
      continue;
    }
    if ('grams' in decoded) reading = decoded;
    at = end;
  }
  if (rest.length > MOST_BUFFERED) {
    rest = [];
    refused = true;
  }
  state[BUFFER_KEY] = rest;
  if (reading) return reading;
  return refused ? null : { other: true };
}

export const acaiaDriver: ScaleDriver = {
  id: 'acaia',
  label: 'Acaia',
  filters: ['ACAIA', 'PROCH', 'LUNAR', 'PEARL', 'PYXIS', 'CINCO', 'ORION'].map((namePrefix) => ({
    namePrefix,
  })),
  optionalServices: [ACAIA_NEW.service, ACAIA_OLD.service],
  ...ACAIA_NEW,
  alternatives: [ACAIA_OLD],
  matchesName: (name) => /^(acaia|proch|lunar|pearl|pyxis|cinco|orion)/i.test(name),
  recognisedByService: false,
  decode: (data, context) => decodeStream(data, context.state),
  tare: [TARE],
  handshake: () => [IDENTIFY, NOTIFICATION_REQUEST],
  heartbeat: {
    intervalMs: ACAIA_HEARTBEAT_MS,
    packets: (layout) => (isNew(layout) ? [IDENTIFY, HEARTBEAT] : [HEARTBEAT]),
  },
  capacityGrams,
};
