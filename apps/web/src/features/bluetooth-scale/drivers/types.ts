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

/**
 * What the bridge needs to know of one kind of Bluetooth LE scale. `decode` is pure and refuses
 * (null) any packet whose first bytes or checksum do not fit, because several scales share
 * service and characteristic UUIDs with different formats.
 */
export interface ScaleDriver {
  id: string;
  /** Shown to the player. */
  label: string;
  /** Filters for `navigator.bluetooth.requestDevice`. */
  filters: BluetoothLEScanFilter[];
  optionalServices: BluetoothServiceUUID[];
  service: BluetoothServiceUUID;
  notify: BluetoothCharacteristicUUID;
  write?: BluetoothCharacteristicUUID;
  /** Recognises the scale by its advertised name. */
  matchesName(name: string): boolean;
  /** A device whose name says nothing is still this scale when it has this service. */
  recognisedByService: boolean;
  decode(data: DataView): ScaleReading | UnconvertibleReading | null;
  /** The packets that zero the scale, written in order; absent when the scale has none. */
  tare?: Uint8Array<ArrayBuffer>[];
}
