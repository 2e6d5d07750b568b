import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acaiaChecksums } from '../drivers/acaia';
import { xorOf } from '../drivers/bytes';
import { FakeBluetooth, FakeDevice } from './fake-bluetooth';
import { BRIDGE_TEXTS, ScaleBridge, type BridgeSink } from './scale-bridge';

const chipsea = (tenths: number, stable = false) => {
  const attr = (tenths < 0 ? 0x80 : 0) | 0b010 | (stable ? 1 : 0);
  const raw = Math.abs(tenths);
  const b = [0xca, 0x10, 0x07, attr, 0x00, (raw >> 8) & 0xff, raw & 0xff];
  return [...b, xorOf(Uint8Array.from(b), 1)];
};
const chipseaDevice = () =>
  new FakeDevice('dev-1', 'Chipsea-BLE', [{ uuid: 0xfff0, characteristics: [{ uuid: 0xfff1 }] }]);
const decentDevice = () =>
  new FakeDevice('dev-2', 'Decent Scale', [
    { uuid: 0xfff0, characteristics: [{ uuid: 0xfff4 }, { uuid: 0x36f5, write: true }] },
  ]);

class RecordingSink implements BridgeSink {
  events: string[] = [];
  readings: { grams: number; stable: boolean }[] = [];
  opened: { deviceId: string; name: string; driver: string }[] = [];
  open(scale: { deviceId: string; name: string; driver: string }) {
    this.opened.push(scale);
    this.events.push('open');
  }
  reading(reading: { grams: number; stable: boolean }) {
    this.readings.push(reading);
  }
  close() {
    this.events.push('close');
  }
}

let bluetooth: FakeBluetooth;
let sink: RecordingSink;
let bridge: ScaleBridge;

beforeEach(() => {
  vi.useFakeTimers();
  bluetooth = new FakeBluetooth();
  sink = new RecordingSink();
  bridge = new ScaleBridge(bluetooth.asBluetooth, sink, { reconnectMs: 1000 });
});
afterEach(() => {
  bridge.disconnect();
  vi.useRealTimers();
});

describe('ScaleBridge', () => {
  it('connects a scale chosen in the chooser, subscribes and forwards decoded readings', async () => {
    const device = (bluetooth.next = chipseaDevice());
    await bridge.connect();
    expect(bluetooth.requests[0]?.optionalServices).toContain(0xfff0);
    expect(device.characteristic(0xfff1).subscribed).toBe(true);
    expect(sink.opened).toEqual([{ deviceId: 'dev-1', name: 'Chipsea-BLE', driver: 'chipsea' }]);
    expect(bridge.getSnapshot()).toMatchObject({
      state: 'connected',
      deviceName: 'Chipsea-BLE',
      driverLabel: 'Chipsea / OKOK kitchen scale',
    });

    device.characteristic(0xfff1).notify(chipsea(3456, true));
    expect(sink.readings).toEqual([{ grams: 345.6, stable: true }]);
    expect(bridge.getSnapshot()).toMatchObject({ grams: 345.6, stable: true });
  });

  it('repeats a loaded reading 10 times a second and an empty one once a second', async () => {
    const device = (bluetooth.next = chipseaDevice());
    await bridge.connect();
    device.characteristic(0xfff1).notify(chipsea(2500));
    vi.advanceTimersByTime(1000);
    expect(sink.readings).toHaveLength(11);
    expect(new Set(sink.readings.map((r) => r.grams))).toEqual(new Set([250]));

    const before = sink.readings.length;
    device.characteristic(0xfff1).notify(chipsea(0));
    vi.advanceTimersByTime(3000);
    expect(sink.readings.length - before).toBe(4); // the change at once, then 1/s
  });

  it('forwards nothing of frames its driver does not understand, but counts and shows them', async () => {
    const device = (bluetooth.next = decentDevice());
    await bridge.connect();
    const bad = [0x03, 0xce, 0x04, 0xd2, 0x00, 0x00, 0x1c]; // its checksum is 0x1B
    device.characteristic(0xfff4).notify(bad);
    device.characteristic(0xfff4).notify([0xca, 0x10, 0x07]);
    vi.advanceTimersByTime(500);
    expect(sink.readings).toEqual([]);
    expect(bridge.getSnapshot().grams).toBeNull();
    expect(bridge.getSnapshot().unparsed).toEqual({ count: 2, last: 'ca 10 07' });
  });

  it('ignores well-formed frames without a weight and does not count them as unparsed', async () => {
    const device = (bluetooth.next = decentDevice());
    await bridge.connect();
    device.characteristic(0xfff4).notify([0x03, 0xaa, 0x01, 0x00, 0x00, 0x00, 0xa8]);
    expect(sink.readings).toEqual([]);
    expect(bridge.getSnapshot().unparsed).toBeNull();
  });

  it('writes the handshake once subscribed, then the heartbeat until the scale is let go', async () => {
    const device = (bluetooth.next = decentDevice());
    await bridge.connect();
    const writer = device.characteristic(0x36f5);
    expect(writer.writes.map((w) => w.bytes)).toEqual([[0x03, 0x0a, 0x01, 0x01, 0, 0, 0x09]]);
    expect(bridge.getSnapshot().capacityGrams).toBe(2000);
    await vi.advanceTimersByTimeAsync(8000);
    const heartbeat = [0x03, 0x0a, 0x03, 0xff, 0xff, 0x00, 0x0a];
    expect(writer.writes.map((w) => w.bytes)).toEqual([
      writer.writes[0]!.bytes,
      heartbeat,
      heartbeat,
    ]);
    bridge.disconnect();
    await vi.advanceTimersByTimeAsync(8000);
    expect(writer.writes).toHaveLength(3);
  });

  it('goes offline on a GATT disconnect, reconnects and subscribes again', async () => {
    const device = (bluetooth.next = chipseaDevice());
    await bridge.connect();
    const firstCharacteristic = device.characteristic(0xfff1);

    device.failConnect = new Error('out of range');
    device.drop();
    expect(sink.events).toEqual(['open', 'close']);
    expect(bridge.getSnapshot().state).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1000); // fails: next try after 2 s
    expect(bridge.getSnapshot().state).toBe('reconnecting');

    device.failConnect = null;
    await vi.advanceTimersByTimeAsync(2000);
    expect(device.connects).toBe(2);
    const again = device.characteristic(0xfff1);
    expect(again).not.toBe(firstCharacteristic);
    expect(again.subscribed).toBe(true);
    expect(sink.events).toEqual(['open', 'close', 'open']);
    expect(bridge.getSnapshot().state).toBe('connected');

    firstCharacteristic.notify(chipsea(100)); // the old object no longer counts
    again.notify(chipsea(200));
    expect(sink.readings).toEqual([{ grams: 20, stable: false }]);
  });

  it('finds an older Acaia by its 0x1820 table, identifies, asks for weights and beats without re-identifying', async () => {
    const device = (bluetooth.next = new FakeDevice('dev-3', 'PROCHBT001', [
      { uuid: 0x1820, characteristics: [{ uuid: 0x2a80, write: true }] },
    ]));
    await bridge.connect();
    expect(bridge.getSnapshot()).toMatchObject({ state: 'connected', driverLabel: 'Acaia' });
    const channel = device.characteristic(0x2a80);
    expect(channel.subscribed).toBe(true);
    const sent = () => channel.writes.map((w) => w.bytes[2]);
    expect(sent()).toEqual([0x0b, 0x0c]); // identify, notification request
    await vi.advanceTimersByTimeAsync(6000);
    expect(sent()).toEqual([0x0b, 0x0c, 0x00, 0x00]);
    // A weight event: 1234.5 g in four bytes with one decimal.
    const payload = [0x08, 0x05, 0x39, 0x30, 0x00, 0x00, 0x01, 0x00];
    const sums = acaiaChecksums(payload);
    channel.notify([0xef, 0xdd, 0x0c, ...payload, ...sums]);
    expect(sink.readings.at(-1)).toEqual({ grams: 1234.5, stable: true });
  });

  it('queues GATT writes: the Decent tare goes twice, one after the other', async () => {
    const device = (bluetooth.next = decentDevice());
    await bridge.connect();
    expect(bridge.canTare).toBe(true);
    const writer = device.characteristic(0x36f5);
    writer.writes.splice(0); // the handshake
    writer.holdWrites = true;
    const tare = bridge.tare();
    await vi.advanceTimersByTimeAsync(0);
    expect(writer.writes).toHaveLength(1);
    writer.releaseWrites();
    await vi.advanceTimersByTimeAsync(0);
    writer.releaseWrites();
    await tare;
    expect(writer.maxInFlight).toBe(1);
    expect(writer.writes).toEqual([
      { bytes: [0x03, 0x0f, 0, 0, 0, 0, 0x0c], withResponse: true },
      { bytes: [0x03, 0x0f, 0, 0, 0, 0, 0x0c], withResponse: true },
    ]);
  });

  it('a scale without tare cannot tare', async () => {
    bluetooth.next = chipseaDevice();
    await bridge.connect();
    expect(bridge.canTare).toBe(false);
    await bridge.tare();
  });

  it('a cancelled chooser leaves it idle and the server untold', async () => {
    await bridge.connect();
    expect(bridge.getSnapshot()).toMatchObject({ state: 'idle', error: BRIDGE_TEXTS.cancelled });
    expect(sink.events).toEqual([]);
  });

  it('a failed subscription is an error, the server untold and GATT closed', async () => {
    const device = (bluetooth.next = chipseaDevice());
    const original = device.gatt.getPrimaryService;
    device.gatt.getPrimaryService = async (uuid) => {
      const service = (await original(uuid)) as {
        getCharacteristic: (u: number) => Promise<{ failSubscribe: Error | null }>;
      };
      return {
        getCharacteristic: async (u: number) => {
          const c = await service.getCharacteristic(u);
          c.failSubscribe = new DOMException('GATT Error: Not supported.', 'NotSupportedError');
          return c;
        },
      };
    };
    await bridge.connect();
    expect(bridge.getSnapshot()).toMatchObject({ state: 'error' });
    expect(bridge.getSnapshot().error).toContain('Not supported');
    expect(sink.events).toEqual([]);
    expect(device.gatt.connected).toBe(false);
  });

  it('refuses a device no driver knows', async () => {
    const device = (bluetooth.next = new FakeDevice('dev-3', 'Mystery', [
      { uuid: 0xaaaa, characteristics: [] },
    ]));
    await bridge.connect();
    expect(bridge.getSnapshot()).toMatchObject({
      state: 'error',
      error: BRIDGE_TEXTS.unsupported,
    });
    expect(device.gatt.connected).toBe(false);
  });

  it('recognises an unnamed standard Weight Scale by its service', async () => {
    const device = (bluetooth.next = new FakeDevice('dev-4', undefined, [
      { uuid: 0x181d, characteristics: [{ uuid: 0x2a9d }] },
    ]));
    await bridge.connect();
    device.characteristic(0x2a9d).notify([0x00, 0x42, 0x00]);
    expect(sink.opened[0]?.driver).toBe('weight-scale-service');
    expect(sink.readings).toEqual([{ grams: 330, stable: true }]);
  });

  it('a disconnect by the player tells the server and does not come back', async () => {
    const device = (bluetooth.next = chipseaDevice());
    await bridge.connect();
    bridge.disconnect();
    expect(sink.events).toEqual(['open', 'close']);
    expect(device.gatt.connected).toBe(false);
    device.drop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(device.connects).toBe(1);
    expect(bridge.getSnapshot().state).toBe('idle');
  });
});
