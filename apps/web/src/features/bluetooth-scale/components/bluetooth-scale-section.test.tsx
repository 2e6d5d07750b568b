import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BLUETOOTH_TEXTS } from '@beerscale/contract/bluetooth-bridge';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { xorOf } from '../drivers/bytes';
import { FakeBluetooth, FakeDevice } from '../bridge/fake-bluetooth';
import { BluetoothScaleSection } from './bluetooth-scale-section';

const chipsea = (tenths: number) => {
  const b = [0xca, 0x10, 0x07, 0b011, 0x00, (tenths >> 8) & 0xff, tenths & 0xff];
  return [...b, xorOf(Uint8Array.from(b), 1)];
};

function setEnvironment(secure: boolean, bluetooth: FakeBluetooth | undefined) {
  Object.defineProperty(window, 'isSecureContext', { value: secure, configurable: true });
  if (bluetooth) {
    Object.defineProperty(navigator, 'bluetooth', {
      value: bluetooth.asBluetooth,
      configurable: true,
    });
  } else if ('bluetooth' in navigator) {
    Reflect.deleteProperty(navigator, 'bluetooth');
  }
}

let socket: FakeSocket;
let bluetooth: FakeBluetooth;
beforeEach(() => {
  socket = new FakeSocket();
  bluetooth = new FakeBluetooth();
});
afterEach(() => {
  cleanup();
  setEnvironment(false, undefined);
});

const show = () => render(<BluetoothScaleSection />, { wrapper: sessionWrapper(socket) });

describe('the Bluetooth scale section', () => {
  it('explains what to do without Web Bluetooth', () => {
    setEnvironment(true, undefined);
    show();
    expect(screen.getByRole('heading', { name: 'Bluetooth scale' })).toBeTruthy();
    const note = screen.getByRole('note').textContent!;
    expect(note.startsWith(BLUETOOTH_TEXTS.unsupported)).toBe(true);
    // What works instead: the browsers that have it, a WiFi scale, a laptop at localhost.
    for (const word of ['Chrome', 'Edge', 'Android', 'Bluefy', 'iPhone', 'WiFi scale'])
      expect(note).toContain(word);
    expect(note).toContain('http://localhost');
    expect(screen.queryByRole('button', { name: BLUETOOTH_TEXTS.connect })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Record 10 s' })).toBeNull();
  });

  it('says it in one quiet line, no red warning, to a player whose scales are all WiFi', () => {
    setEnvironment(true, undefined);
    render(<BluetoothScaleSection quiet />, { wrapper: sessionWrapper(socket) });
    const note = screen.getByRole('note');
    expect(note.textContent).toBe(BLUETOOTH_TEXTS.unsupported);
    expect(note.className).not.toContain('banner-error');
    expect(screen.queryByRole('button', { name: BLUETOOTH_TEXTS.connect })).toBeNull();
  });

  it('offers to record an unknown scale where Web Bluetooth works', () => {
    setEnvironment(true, bluetooth);
    show();
    expect(screen.getByRole('heading', { name: 'Scale not listed? Record it' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Record 10 s' })).toBeTruthy();
  });

  it('explains what to do on a page that is not a secure context', () => {
    setEnvironment(false, bluetooth);
    show();
    expect(screen.getByRole('note').textContent).toBe(BLUETOOTH_TEXTS.insecure);
    expect(screen.queryByRole('button', { name: BLUETOOTH_TEXTS.connect })).toBeNull();
  });

  it('connects a scale, shows its driver, weight and address, and disconnects it', async () => {
    setEnvironment(true, bluetooth);
    const device = (bluetooth.next = new FakeDevice('dev-1', 'Chipsea-BLE', [
      { uuid: 0xfff0, characteristics: [{ uuid: 0xfff1 }] },
    ]));
    show();
    fireEvent.click(screen.getByRole('button', { name: BLUETOOTH_TEXTS.connect }));
    expect((await screen.findByTestId('bluetooth-driver')).textContent).toBe(
      'Chipsea / OKOK kitchen scale',
    );
    expect(screen.getByTestId('bluetooth-state').textContent).toBe(BLUETOOTH_TEXTS.connected);
    expect(socket.sent).toContainEqual({
      type: 'BRIDGE_OPEN',
      deviceId: 'dev-1',
      name: 'Chipsea-BLE',
      driver: 'chipsea',
    });
    expect(screen.queryByRole('button', { name: BLUETOOTH_TEXTS.tare })).toBeNull();

    act(() => device.characteristic(0xfff1).notify(chipsea(3456)));
    expect(screen.getByTestId('bluetooth-weight').textContent).toBe('345.6');
    expect(socket.sent).toContainEqual({ type: 'BRIDGE_WEIGHT', grams: 345.6, stable: true });

    act(() => socket.emit({ type: 'BRIDGE_STATUS', macAddress: '0A1B2C3D4E5F', bridged: true }));
    expect(screen.getByTestId('bluetooth-address').textContent).toContain('0A1B2C3D4E5F');

    act(() => device.drop());
    expect(screen.getByTestId('bluetooth-state').textContent).toBe(BLUETOOTH_TEXTS.reconnecting);
    expect(socket.sent.at(-1)).toEqual({ type: 'BRIDGE_CLOSE' });

    fireEvent.click(screen.getByRole('button', { name: BLUETOOTH_TEXTS.disconnect }));
    expect(screen.getByRole('button', { name: BLUETOOTH_TEXTS.connect })).toBeTruthy();
  });

  it('tares a scale that can', async () => {
    setEnvironment(true, bluetooth);
    const device = (bluetooth.next = new FakeDevice('dev-2', 'Decent Scale', [
      { uuid: 0xfff0, characteristics: [{ uuid: 0xfff4 }, { uuid: 0x36f5, write: true }] },
    ]));
    show();
    fireEvent.click(screen.getByRole('button', { name: BLUETOOTH_TEXTS.connect }));
    const tare = await screen.findByRole('button', { name: BLUETOOTH_TEXTS.tare });
    device.characteristic(0x36f5).writes.splice(0); // the handshake
    fireEvent.click(tare);
    await act(async () => {});
    expect(device.characteristic(0x36f5).writes).toHaveLength(2);
  });

  it('says when the chooser was closed without a scale', async () => {
    setEnvironment(true, bluetooth);
    show();
    fireEvent.click(screen.getByRole('button', { name: BLUETOOTH_TEXTS.connect }));
    expect((await screen.findByRole('alert')).textContent).toBe(BLUETOOTH_TEXTS.cancelled);
    expect(socket.sent).toEqual([]);
  });
});
