/** One decoded packet: grams always (units converted, sign kept). */
export interface ScaleReading {
  grams: number;
  /** The scale's own stable flag, where it has one: shown only, the server's engine decides. */
  stable?: boolean;
  /** Battery percentage, where the packet carries it. */
  battery?: number;
}

/** Units a scale may show that have no faithful conversion to grams. */
export type UnconvertibleUnit = 'milk-ml' | 'milk-floz';

/**
 * A well-formed packet in a unit that cannot be turned into grams faithfully (a milk mode whose
 * density the scale does not say): refused rather than guessed, so the player can be told.
 */
export interface UnconvertibleReading {
  unconvertible: UnconvertibleUnit;
}

/** A well-formed packet that carries no weight (a status, a key press, a heartbeat answer). */
export interface OtherMessage {
  other: true;
}

/**
 * What a driver makes of one notification. `null` means not understood: the bridge counts and
 * shows such frames (never drops them silently), so a scale sending another layout is noticed.
 */
export type Decoded = ScaleReading | UnconvertibleReading | OtherMessage | null;

/** Where a scale's weight comes from and where its commands go. */
export interface GattLayout {
  service: BluetoothServiceUUID;
  notify: BluetoothCharacteristicUUID;
  write?: BluetoothCharacteristicUUID;
}

/**
 * What the driver knows of the connected device. `state` lives as long as one GATT connection:
 * a driver whose scale announces its unit in a separate message keeps it there.
 */
export interface DecodeContext {
  name: string;
  layout: GattLayout;
  state: Record<string, unknown>;
}

/**
 * What the bridge needs to know of one kind of Bluetooth LE scale. `decode` refuses (null) any
 * packet whose first bytes or checksum do not fit, because several scales share service and
 * characteristic UUIDs with different formats.
 */
export interface ScaleDriver extends GattLayout {
  id: string;
  /** Shown to the player. */
  label: string;
  /** Filters for `navigator.bluetooth.requestDevice`. */
  filters: BluetoothLEScanFilter[];
  optionalServices: BluetoothServiceUUID[];
  /** Other generations of the scale with another GATT table, tried in order after the first. */
  alternatives?: GattLayout[];
  /** Recognises the scale by its advertised name. */
  matchesName(name: string): boolean;
  /** A device whose name says nothing is still this scale when it has this service. */
  recognisedByService: boolean;
  decode(data: DataView, context: DecodeContext): Decoded;
  /** The packets that zero the scale, written in order; absent when the scale has none. */
  tare?: Uint8Array<ArrayBuffer>[];
  /** Written in order once subscribed: what the scale needs before it sends any weight. */
  handshake?(layout: GattLayout): Uint8Array<ArrayBuffer>[];
  /** Written every `intervalMs` while connected: the scale drops the link without it. */
  heartbeat?: {
    intervalMs: number;
    packets(layout: GattLayout): Uint8Array<ArrayBuffer>[];
  };
  /** The most the scale weighs, in grams, by its advertised name (models of a family differ). */
  capacityGrams(name: string): number;
}

/** A reading's weight, or nothing when the decoded frame carries none. */
export function isReading(decoded: Decoded): decoded is ScaleReading {
  return decoded !== null && 'grams' in decoded;
}
