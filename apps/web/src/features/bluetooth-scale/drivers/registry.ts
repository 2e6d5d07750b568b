import { acaiaDriver } from './acaia';
import { bookooDriver } from './bookoo';
import { chipseaDriver } from './chipsea';
import { decentDriver } from './decent';
import { etekcityDriver } from './etekcity';
import { felicitaDriver } from './felicita';
import { timemoreDriver } from './timemore';
import type { ScaleDriver } from './types';
import { weightScaleServiceDriver } from './weight-scale-service';

/** Named scales first: several share FFF0 or 0x181D with different formats. */
export const SCALE_DRIVERS: readonly ScaleDriver[] = [
  chipseaDriver,
  decentDriver,
  acaiaDriver,
  felicitaDriver,
  etekcityDriver,
  bookooDriver,
  timemoreDriver,
  weightScaleServiceDriver,
];

/** One chooser listing every scale a driver knows. */
export function requestDeviceOptions(): {
  filters: BluetoothLEScanFilter[];
  optionalServices: BluetoothServiceUUID[];
} {
  return {
    filters: SCALE_DRIVERS.flatMap((d) => d.filters),
    optionalServices: [...new Set(SCALE_DRIVERS.flatMap((d) => d.optionalServices))],
  };
}

export function driverByName(name: string | undefined): ScaleDriver | null {
  if (!name) return null;
  return SCALE_DRIVERS.find((d) => d.matchesName(name)) ?? null;
}

/** Drivers that may claim a device whose name says nothing, in the order to try them. */
export function driversByService(): ScaleDriver[] {
  return SCALE_DRIVERS.filter((d) => d.recognisedByService);
}

export function driverById(id: string): ScaleDriver | null {
  return SCALE_DRIVERS.find((d) => d.id === id) ?? null;
}
