import { BLUETOOTH_TEXTS } from '@beerscale/contract/bluetooth-bridge';
import { driverByName, driversByService, requestDeviceOptions } from '../drivers/registry';
import type {
  DecodeContext,
  GattLayout,
  ScaleDriver,
  ScaleReading,
  UnconvertibleUnit,
} from '../drivers/types';
import { LOADED_INTERVAL_MS, shouldForward, type Forwarded } from './forwarding';
import { GattQueue } from './gatt-queue';

export type BridgeState = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'error';

export interface BridgeSnapshot {
  state: BridgeState;
  deviceName: string | null;
  driverLabel: string | null;
  grams: number | null;
  stable: boolean | null;
  battery: number | null;
  error: string | null;
  /** The scale shows a unit with no faithful conversion to grams: nothing is forwarded. */
  unconvertibleUnit: UnconvertibleUnit | null;
  /** The most the connected scale weighs (its driver knows its family), for the game set-up. */
  capacityGrams: number | null;
  /** Frames the driver did not understand: counted and the last one shown, never dropped silently. */
  unparsed: { count: number; last: string } | null;
}

/** Where a bridge delivers: the server, through the browser socket. */
export interface BridgeSink {
  /** The scale is ready: the server may treat it as connected. */
  open(scale: { deviceId: string; name: string; driver: string }): void;
  reading(reading: { grams: number; stable: boolean }): void;
  /** The scale is gone (switched off, out of range, disconnected by the player). */
  close(): void;
}

export interface BridgeOptions {
  /** First wait before reconnecting; doubles up to `maxReconnectMs`. */
  reconnectMs?: number;
  maxReconnectMs?: number;
}

export const BRIDGE_TEXTS = {
  cancelled: BLUETOOTH_TEXTS.cancelled,
  unsupported: BLUETOOTH_TEXTS.notSupportedScale,
  failed: BLUETOOTH_TEXTS.failed,
} as const;

const IDLE: BridgeSnapshot = {
  state: 'idle',
  deviceName: null,
  driverLabel: null,
  grams: null,
  stable: null,
  battery: null,
  error: null,
  unconvertibleUnit: null,
  capacityGrams: null,
  unparsed: null,
};

/**
 * One Bluetooth LE scale bridged to the server. It keeps the BluetoothDevice (a page cannot get
 * it back without the chooser), reconnects and subscribes again after `gattserverdisconnected`
 * until the player disconnects, runs GATT operations one at a time, and forwards readings at
 * the rate `shouldForward` decides.
 */
export class ScaleBridge {
  private snapshot: BridgeSnapshot = IDLE;
  private readonly listeners = new Set<() => void>();
  private device: BluetoothDevice | null = null;
  private driver: ScaleDriver | null = null;
  private notifier: BluetoothRemoteGATTCharacteristic | null = null;
  private writer: BluetoothRemoteGATTCharacteristic | null = null;
  private context: DecodeContext | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private queue = new GattQueue();
  private latest: ScaleReading | null = null;
  private forwarded: Forwarded | null = null;
  private pump: ReturnType<typeof setInterval> | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private retryMs: number;
  /** Bumped by every connect and disconnect, so a late answer of an older attempt is ignored. */
  private generation = 0;

  constructor(
    private readonly bluetooth: Bluetooth,
    private readonly sink: BridgeSink,
    private readonly options: BridgeOptions = {},
  ) {
    this.retryMs = options.reconnectMs ?? 1000;
  }

  getSnapshot = (): BridgeSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Opens the browser's chooser: call it from a click (requestDevice needs a user gesture). */
  async connect(): Promise<void> {
    this.disconnect();
    const generation = this.generation;
    this.update({ ...IDLE, state: 'connecting' });
    let device: BluetoothDevice;
    try {
      device = await this.bluetooth.requestDevice(requestDeviceOptions());
    } catch (err) {
      if (generation !== this.generation) return;
      const cancelled = err instanceof Error && err.name === 'NotFoundError';
      this.update({
        ...IDLE,
        state: cancelled ? 'idle' : 'error',
        error: cancelled ? BRIDGE_TEXTS.cancelled : describe(err),
      });
      return;
    }
    if (generation !== this.generation) return;
    this.device = device;
    device.addEventListener('gattserverdisconnected', this.onGattDisconnected);
    this.update({ deviceName: device.name ?? null });
    await this.attach(generation, true);
  }

  /** Zeroes the scale, where its driver knows how. */
  async tare(): Promise<void> {
    const packets = this.driver?.tare;
    const writer = this.writer;
    if (!packets || !writer) return;
    await this.send(writer, packets);
  }

  private async send(
    writer: BluetoothRemoteGATTCharacteristic,
    packets: Uint8Array<ArrayBuffer>[],
  ): Promise<void> {
    const queue = this.queue;
    for (const packet of packets) {
      await queue.run(() =>
        writer.properties.write
          ? writer.writeValueWithResponse(packet)
          : writer.writeValueWithoutResponse(packet),
      );
    }
  }

  get canTare(): boolean {
    return !!this.driver?.tare && !!this.writer;
  }

  /** The player's disconnect: no reconnecting, the server is told the scale is gone. */
  disconnect(): void {
    this.stop(true);
  }

  /**
   * Another bridge (a tab or device of the same player) took the scale over on the server: the
   * Bluetooth device is let go, so that bridge can have it, and the server is told nothing.
   */
  release(): void {
    this.stop(false);
  }

  private stop(tellSink: boolean): void {
    this.generation += 1;
    this.stopTimers();
    const device = this.device;
    const wasOpen = this.snapshot.state === 'connected';
    this.device = null;
    this.driver = null;
    this.dropLink();
    if (device) {
      device.removeEventListener('gattserverdisconnected', this.onGattDisconnected);
      if (device.gatt?.connected) device.gatt.disconnect();
    }
    if (wasOpen && tellSink) this.sink.close();
    if (this.snapshot.state !== 'idle' || device) this.update(IDLE);
  }

  /**
   * Forgets what the GATT link held (its characteristics, the driver's decoding state, the
   * readings and what was forwarded, the queued writes): on a stop and on a lost link alike.
   */
  private dropLink(): void {
    this.notifier = null;
    this.writer = null;
    this.context = null;
    this.latest = null;
    this.forwarded = null;
    this.queue = new GattQueue();
  }

  /** Connect GATT, pick the driver (first time), subscribe, start forwarding. */
  private async attach(generation: number, first: boolean): Promise<void> {
    const device = this.device;
    if (!device?.gatt) return;
    try {
      const server = await device.gatt.connect();
      if (generation !== this.generation) return;
      const driver = this.driver ?? (await pickDriver(device, server));
      if (generation !== this.generation) return;
      if (!driver) {
        this.disconnect();
        this.update({ state: 'error', error: BRIDGE_TEXTS.unsupported });
        return;
      }
      this.driver = driver;
      const { layout, service } = await findLayout(server, driver);
      const notifier = await service.getCharacteristic(layout.notify);
      const writer = layout.write ? await service.getCharacteristic(layout.write) : null;
      if (generation !== this.generation) return;
      this.context = { name: device.name ?? '', layout, state: {} };
      notifier.addEventListener('characteristicvaluechanged', this.onValue);
      await this.queue.run(() => notifier.startNotifications());
      if (generation !== this.generation) return;
      // The scale sends nothing until it was spoken to (Decent, Acaia): the handshake first.
      const handshake = driver.handshake?.(layout) ?? [];
      if (writer && handshake.length) await this.send(writer, handshake);
      if (generation !== this.generation) return;
      this.notifier = notifier;
      this.writer = writer;
      this.retryMs = this.options.reconnectMs ?? 1000;
      this.sink.open({ deviceId: device.id, name: device.name ?? '', driver: driver.id });
      this.pump = setInterval(this.forward, LOADED_INTERVAL_MS);
      const beat = driver.heartbeat;
      if (beat && writer) {
        const packets = beat.packets(layout);
        // A missed heartbeat is not fatal: the scale drops the link and the bridge reconnects.
        this.heartbeat = setInterval(
          () => void this.send(writer, packets).catch(() => undefined),
          beat.intervalMs,
        );
      }
      this.update({
        state: 'connected',
        driverLabel: driver.label,
        capacityGrams: driver.capacityGrams(device.name ?? ''),
        error: null,
      });
    } catch (err) {
      if (generation !== this.generation) return;
      if (first) {
        this.disconnect();
        this.update({ state: 'error', error: `${BRIDGE_TEXTS.failed}: ${describe(err)}` });
      } else this.scheduleReconnect(generation);
    }
  }

  private readonly onValue = (event: Event): void => {
    const value = (event.target as BluetoothRemoteGATTCharacteristic | null)?.value;
    if (!value || !this.driver || !this.context) return;
    const reading = this.driver.decode(value, this.context);
    if (!reading) {
      const count = (this.snapshot.unparsed?.count ?? 0) + 1;
      this.update({ unparsed: { count, last: hexOf(value) } });
      return;
    }
    if ('other' in reading) return;
    if ('unconvertible' in reading) {
      // Refused, not guessed: no weight reaches the game until the scale shows a unit we convert.
      this.latest = null;
      this.update({ grams: null, stable: null, unconvertibleUnit: reading.unconvertible });
      return;
    }
    this.latest = reading;
    this.update({
      grams: reading.grams,
      stable: reading.stable ?? null,
      unconvertibleUnit: null,
      ...(reading.battery !== undefined ? { battery: reading.battery } : {}),
    });
    this.forward();
  };

  private readonly forward = (): void => {
    const latest = this.latest;
    if (!latest || this.snapshot.state !== 'connected') return;
    const now = Date.now();
    if (!shouldForward(latest.grams, this.forwarded, now)) return;
    this.forwarded = { grams: latest.grams, at: now };
    this.sink.reading({ grams: latest.grams, stable: latest.stable ?? false });
  };

  private readonly onGattDisconnected = (): void => {
    if (!this.device) return;
    // Switched off or out of range: the server's scale goes offline until it is back.
    const generation = ++this.generation;
    this.stopTimers();
    this.notifier?.removeEventListener('characteristicvaluechanged', this.onValue);
    this.dropLink();
    if (this.snapshot.state === 'connected') this.sink.close();
    this.update({ state: 'reconnecting', grams: null, stable: null });
    this.scheduleReconnect(generation);
  };

  private scheduleReconnect(generation: number): void {
    const wait = this.retryMs;
    this.retryMs = Math.min(wait * 2, this.options.maxReconnectMs ?? 10_000);
    this.retry = setTimeout(() => {
      this.retry = null;
      if (generation === this.generation) void this.attach(generation, false);
    }, wait);
  }

  private stopTimers(): void {
    if (this.pump) clearInterval(this.pump);
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.retry) clearTimeout(this.retry);
    this.pump = null;
    this.heartbeat = null;
    this.retry = null;
  }

  private update(change: Partial<BridgeSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of [...this.listeners]) listener();
  }
}

/** The driver's GATT table this device has: its first layout, else an older generation's. */
async function findLayout(
  server: BluetoothRemoteGATTServer,
  driver: ScaleDriver,
): Promise<{ layout: GattLayout; service: BluetoothRemoteGATTService }> {
  const layouts: GattLayout[] = [driver, ...(driver.alternatives ?? [])];
  for (const [i, layout] of layouts.entries()) {
    try {
      const service = await server.getPrimaryService(layout.service);
      return {
        layout: { service: layout.service, notify: layout.notify, write: layout.write },
        service,
      };
    } catch (err) {
      if (i === layouts.length - 1) throw err;
    }
  }
  throw new Error('no GATT layout');
}

function hexOf(data: DataView): string {
  return [...new Uint8Array(data.buffer, data.byteOffset, data.byteLength)]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join(' ');
}

/** By name first; a device whose name says nothing by the services it has. */
async function pickDriver(
  device: BluetoothDevice,
  server: BluetoothRemoteGATTServer,
): Promise<ScaleDriver | null> {
  const named = driverByName(device.name);
  if (named) return named;
  for (const driver of driversByService()) {
    try {
      await server.getPrimaryService(driver.service);
      return driver;
    } catch {
      // Not this one.
    }
  }
  return null;
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message || err.name : String(err);
}
