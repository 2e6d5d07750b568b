import type { ServerToBrowserMap } from '@beerscale/contract/browser-socket';
import { DEVICE_REJECTS } from '@beerscale/contract/device-rejects';
import { STORAGE_KEYS, write } from '../../lib/storage';
import type { SocketClient } from '../../lib/socket-client';
import { screenWakeLock } from '../../lib/wake-lock';
import { ScaleBridge, type BridgeSink, type BridgeSnapshot } from './bridge/scale-bridge';

type SocketPort = Pick<SocketClient, 'send' | 'on' | 'onConnect' | 'connected'>;
type ServerStatus = Omit<ServerToBrowserMap['BRIDGE_STATUS'], 'type'>;

export interface BluetoothScaleSnapshot {
  bridge: BridgeSnapshot;
  /** What the server says of the bridged scale; null until it answered. */
  server: ServerStatus | null;
}

/**
 * The page's Bluetooth scale: the bridge, wired to the browser socket, kept for the life of the
 * page (set-up and /live are reached without a reload, so the scale stays connected). The
 * socket forgets a bridge when it reconnects, so BRIDGE_OPEN is said again on every connect.
 */
export class BluetoothSession {
  readonly bridge: ScaleBridge;
  private snapshot: BluetoothScaleSnapshot;
  private readonly listeners = new Set<() => void>();
  private opened: Parameters<BridgeSink['open']>[0] | null = null;
  private releaseWakeLock: (() => void) | null = null;

  constructor(
    bluetooth: Bluetooth,
    private readonly socket: SocketPort,
  ) {
    const sink: BridgeSink = {
      open: (scale) => {
        this.opened = scale;
        if (socket.connected) socket.send({ type: 'BRIDGE_OPEN', ...scale });
      },
      reading: (reading) => {
        if (this.opened && socket.connected) socket.send({ type: 'BRIDGE_WEIGHT', ...reading });
      },
      close: () => {
        this.opened = null;
        if (socket.connected) socket.send({ type: 'BRIDGE_CLOSE' });
        this.setServer(null);
      },
    };
    this.bridge = new ScaleBridge(bluetooth, sink);
    this.snapshot = { bridge: this.bridge.getSnapshot(), server: null };
    this.bridge.subscribe(() => this.onBridgeChange());
    socket.onConnect(() => {
      if (this.opened) socket.send({ type: 'BRIDGE_OPEN', ...this.opened });
    });
    socket.on('BRIDGE_STATUS', ({ macAddress, bridged, error }) => {
      if (bridged && macAddress) write(STORAGE_KEYS.activeScale, macAddress);
      if (!bridged && error === DEVICE_REJECTS.replaced.error && this.opened) {
        // Another tab or device of the player bridges this scale now: this page lets the
        // Bluetooth device go (a scale serves one connection), without a BRIDGE_CLOSE.
        this.opened = null;
        this.bridge.release();
      }
      this.setServer({ macAddress, bridged, ...(error ? { error } : {}) });
    });
  }

  getSnapshot = (): BluetoothScaleSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private onBridgeChange(): void {
    const bridge = this.bridge.getSnapshot();
    // A new connect starts afresh: what the server said of the last bridge no longer holds.
    if (bridge.state === 'connecting' && this.snapshot.server) {
      this.snapshot = { ...this.snapshot, server: null };
    }
    // The screen stays on while a scale is bridged: a sleeping phone drops Bluetooth.
    const active = bridge.state === 'connected' || bridge.state === 'reconnecting';
    if (active && !this.releaseWakeLock) this.releaseWakeLock = screenWakeLock.hold();
    if (!active && this.releaseWakeLock) {
      this.releaseWakeLock();
      this.releaseWakeLock = null;
    }
    this.snapshot = { ...this.snapshot, bridge };
    this.emit();
  }

  private setServer(server: ServerStatus | null): void {
    this.snapshot = { ...this.snapshot, server };
    this.emit();
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

const sessions = new WeakMap<object, BluetoothSession>();

/** One session per live socket (a new sign-in gets a new socket, and a fresh bridge). */
export function bluetoothSessionFor(bluetooth: Bluetooth, socket: SocketPort): BluetoothSession {
  let session = sessions.get(socket);
  if (!session) sessions.set(socket, (session = new BluetoothSession(bluetooth, socket)));
  return session;
}
