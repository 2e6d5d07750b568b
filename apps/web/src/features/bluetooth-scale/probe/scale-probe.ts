import { requestDeviceOptions } from '../drivers/registry';

/** How long the probe listens: time enough to put a known weight on and take it off. */
export const PROBE_DURATION_MS = 10_000;

/**
 * With `acceptAllDevices` a page may only open the services it names in advance, so the probe
 * names every service a driver knows and the ones unknown kitchen and coffee scales tend to use
 * (vendor ranges FFB0-FFF0, battery, device information).
 */
const EXTRA_SERVICES: BluetoothServiceUUID[] = [
  0x180a, 0x180f, 0x181b, 0xfee7, 0xffb0, 0xffc0, 0xffd0, 0xffe0, 0xfff0,
];

export function probeServices(): BluetoothServiceUUID[] {
  return [...new Set([...requestDeviceOptions().optionalServices, ...EXTRA_SERVICES])];
}

export interface ProbeFrame {
  /** Milliseconds since the recording started. */
  t: number;
  service: string;
  characteristic: string;
  /** The notification's bytes, hex, space separated. */
  hex: string;
}

export interface ProbeCharacteristic {
  uuid: string;
  properties: string[];
  /** Why it could not be subscribed to, where it notifies but refused. */
  error?: string;
}

/** What the probe saw, for a bug report: nothing of it is sent anywhere. */
export interface ProbeRecord {
  recordedAt: string;
  userAgent: string;
  device: { name: string | null; id: string };
  /** What the player says stood on the scale, in grams (null when not given). */
  knownWeightGrams: number | null;
  durationMs: number;
  services: { uuid: string; characteristics: ProbeCharacteristic[] }[];
  frames: ProbeFrame[];
}

export type ProbeState =
  | { phase: 'idle' }
  | { phase: 'connecting' }
  | { phase: 'recording'; startedAt: number; frames: number; services: ProbeRecord['services'] }
  | { phase: 'done'; record: ProbeRecord }
  | { phase: 'error'; error: string };

const PROPERTIES = [
  'broadcast',
  'read',
  'writeWithoutResponse',
  'write',
  'notify',
  'indicate',
  'authenticatedSignedWrites',
  'reliableWrite',
  'writableAuxiliaries',
] as const;

function hexOf(data: DataView): string {
  return [...new Uint8Array(data.buffer, data.byteOffset, data.byteLength)]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join(' ');
}

/**
 * Records an unknown scale: any Bluetooth device, its services and characteristics, and for
 * `durationMs` every notification of every characteristic that notifies or indicates, with
 * its time. It only listens (a scale that wants a handshake first stays silent, which is worth
 * reporting too) and lets the device go when done.
 */
export class ScaleProbe {
  private state: ProbeState = { phase: 'idle' };
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private device: BluetoothDevice | null = null;
  /** The device was connected before (this page bridges it): the probe leaves it connected. */
  private wasConnected = false;

  constructor(
    private readonly bluetooth: Bluetooth,
    private readonly durationMs = PROBE_DURATION_MS,
  ) {}

  getState = (): ProbeState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** From a click: the chooser lists every device. */
  async record(knownWeightGrams: number | null): Promise<void> {
    this.stop();
    this.set({ phase: 'connecting' });
    let device: BluetoothDevice;
    try {
      device = await this.bluetooth.requestDevice({
        acceptAllDevices: true,
        optionalServices: probeServices(),
      });
    } catch (err) {
      this.set(
        err instanceof Error && err.name === 'NotFoundError'
          ? { phase: 'idle' }
          : { phase: 'error', error: describe(err) },
      );
      return;
    }
    this.device = device;
    this.wasConnected = device.gatt?.connected ?? false;
    try {
      await this.listen(device, knownWeightGrams);
    } catch (err) {
      this.stop();
      this.set({ phase: 'error', error: describe(err) });
    }
  }

  /** Leaves the device and forgets the recording. */
  reset(): void {
    this.stop();
    this.set({ phase: 'idle' });
  }

  private async listen(device: BluetoothDevice, knownWeightGrams: number | null): Promise<void> {
    if (!device.gatt) throw new Error('This device has no GATT server');
    const server = await device.gatt.connect();
    const frames: ProbeFrame[] = [];
    const services: ProbeRecord['services'] = [];
    const startedAt = Date.now();
    for (const service of await server.getPrimaryServices().catch(() => [])) {
      const characteristics: ProbeCharacteristic[] = [];
      services.push({ uuid: service.uuid, characteristics });
      const found = await service.getCharacteristics().catch(() => []);
      for (const characteristic of found) {
        const entry: ProbeCharacteristic = {
          uuid: String(characteristic.uuid),
          properties: PROPERTIES.filter((p) => characteristic.properties[p]),
        };
        characteristics.push(entry);
        if (!characteristic.properties.notify && !characteristic.properties.indicate) continue;
        characteristic.addEventListener('characteristicvaluechanged', () => {
          const value = characteristic.value;
          // Kept from the first subscription on, until the recording ends.
          if (!value || this.device !== device) return;
          frames.push({
            t: Date.now() - startedAt,
            service: service.uuid,
            characteristic: String(characteristic.uuid),
            hex: hexOf(value),
          });
          if (this.state.phase === 'recording') this.set({ ...this.state, frames: frames.length });
        });
        try {
          await characteristic.startNotifications();
        } catch (err) {
          entry.error = describe(err);
        }
      }
    }
    this.set({ phase: 'recording', startedAt, frames: frames.length, services });
    this.timer = setTimeout(() => {
      this.timer = null;
      const record: ProbeRecord = {
        recordedAt: new Date(startedAt).toISOString(),
        userAgent: navigator.userAgent,
        device: { name: device.name ?? null, id: device.id },
        knownWeightGrams,
        durationMs: this.durationMs,
        services,
        frames,
      };
      this.stop();
      this.set({ phase: 'done', record });
    }, this.durationMs);
  }

  private stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.device?.gatt?.connected && !this.wasConnected) this.device.gatt.disconnect();
    this.device = null;
    this.wasConnected = false;
  }

  private set(state: ProbeState): void {
    this.state = state;
    for (const listener of [...this.listeners]) listener();
  }
}

function describe(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}
