import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeBluetooth, FakeDevice } from '../bridge/fake-bluetooth';
import { PROBE_DURATION_MS, ScaleProbe } from './scale-probe';

let bluetooth: FakeBluetooth;
beforeEach(() => {
  vi.useFakeTimers();
  bluetooth = new FakeBluetooth();
});
afterEach(() => vi.useRealTimers());

const unknownScale = () =>
  new FakeDevice('dev-9', 'Mystery Scale', [
    { uuid: 0xffb0, characteristics: [{ uuid: 0xffb2 }, { uuid: 0xffb1, write: true }] },
  ]);

describe('ScaleProbe', () => {
  it('lists any device’s services, records its notifications for 10 s with times, then lets it go', async () => {
    const device = (bluetooth.next = unknownScale());
    const probe = new ScaleProbe(bluetooth.asBluetooth);
    await probe.record(523);
    expect(bluetooth.requests[0]).toMatchObject({ acceptAllDevices: true });
    expect(bluetooth.requests[0]!.optionalServices).toContain(0xffb0);
    expect(probe.getState().phase).toBe('recording');

    vi.advanceTimersByTime(1500);
    device.characteristic(0xffb2).notify([0xca, 0x0b, 0x01]);
    vi.advanceTimersByTime(1000);
    device.characteristic(0xffb2).notify([0xca, 0x0b, 0x02]);
    expect(probe.getState()).toMatchObject({ phase: 'recording', frames: 2 });

    vi.advanceTimersByTime(PROBE_DURATION_MS);
    const state = probe.getState();
    if (state.phase !== 'done') throw new Error(`not done: ${state.phase}`);
    expect(state.record).toMatchObject({
      device: { name: 'Mystery Scale', id: 'dev-9' },
      knownWeightGrams: 523,
      durationMs: PROBE_DURATION_MS,
      frames: [
        { t: 1500, service: String(0xffb0), characteristic: String(0xffb2), hex: 'ca 0b 01' },
        { t: 2500, service: String(0xffb0), characteristic: String(0xffb2), hex: 'ca 0b 02' },
      ],
    });
    expect(state.record.services[0]!.characteristics.map((c) => c.properties)).toEqual([
      ['notify'],
      ['write', 'notify'],
    ]);
    // It only listened, and let the device go.
    expect(device.characteristic(0xffb1).writes).toEqual([]);
    expect(device.gatt.connected).toBe(false);
    // A notification after the end is not recorded.
    device.characteristic(0xffb2).notify([0x01]);
    expect(state.record.frames).toHaveLength(2);
  });

  it('leaves a device this page already holds (the bridged scale) connected', async () => {
    const device = (bluetooth.next = unknownScale());
    await device.gatt.connect();
    const probe = new ScaleProbe(bluetooth.asBluetooth);
    await probe.record(null);
    vi.advanceTimersByTime(PROBE_DURATION_MS);
    expect(probe.getState().phase).toBe('done');
    expect(device.gatt.connected).toBe(true);
  });

  it('a closed chooser leaves it idle', async () => {
    const probe = new ScaleProbe(bluetooth.asBluetooth);
    await probe.record(null);
    expect(probe.getState().phase).toBe('idle');
  });
});
