// Every refusal a scale can receive on /ws/device: REJECT { error, retryAfter? }, then close 1008.
// docs/DEVICE-PROTOCOL.md tabulates them with what the device should do; a test keeps both in step.

/** Temporary refusals carry `retryAfter` (seconds); the rest need a person or a firmware fix. */
export const DEVICE_REJECTS = {
  helloFirst: { error: 'HELLO expected first' },
  helloAgain: { error: 'HELLO already received' },
  browserOrigin: { error: 'Scales connect without an Origin; browsers may not' },
  replaced: { error: 'Replaced by a newer connection of this scale' },
  /** Protocol 1.1: the key's scale is connected and answered a PING; a copied key must not win. */
  keyInUse: { error: 'Key in use by a connected scale', retryAfter: 60 },
  /** Protocol 1.1: sent before the close 1009 of a frame over the size limit. */
  messageTooLarge: { error: 'Message too large' },
  keyReset: {
    error: 'Pairing key reset by its owner or an administrator; connect again to pair',
    retryAfter: 5,
  },
  pairingExpired: { error: 'Pairing code expired; connect again for a new code', retryAfter: 5 },
  pairingWrongCodes: {
    error: 'Too many wrong pairing codes; connect again for a new code',
    retryAfter: 30,
  },
  pairedElsewhere: { error: 'Another device was paired with this address' },
  pairingBusy: {
    error: 'Too many devices are waiting to pair; try again later',
    retryAfter: 60,
  },
  shuttingDown: { error: 'Server shutting down', retryAfter: 2 },
  serverError: { error: 'Server error; connect again', retryAfter: 5 },
} as const satisfies Record<string, { error: string; retryAfter?: number }>;

export type DeviceReject = (typeof DEVICE_REJECTS)[keyof typeof DEVICE_REJECTS];

/** Refusals whose text names what was wrong (built per message): fix the firmware. */
export const HELLO_TIMEOUT_PREFIX = 'HELLO expected within';
export const MALFORMED_PREFIX = 'Malformed message';
