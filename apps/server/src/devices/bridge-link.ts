import type { BrowserConnection } from '../realtime/browser-connection';
import type { DeviceSocket } from './device-connection';

const OPEN = 1;
const CLOSED = 3;

/**
 * The device side of a bridged scale, as the gateway sees it: open while the browser socket is,
 * closed when the gateway lets it go (a newer connection of the scale, a key reset, silence,
 * shutdown). Device commands (CONFIGURE, DISPLAY...) have no screen to reach and are dropped;
 * a REJECT's reason is what the browser is told when the link closes. The gateway's PING is
 * answered for the browser: the bridge lives as long as its socket, whose own heartbeat finds a
 * dead browser, so a scale that sends nothing for a while (or only packets its driver refuses)
 * is not dropped as a silent device.
 */
export class BridgeLink implements DeviceSocket {
  readonly OPEN = OPEN;
  readonly CONNECTING = 0;
  /** Nothing waits for an ACK of a command this link dropped (command-delivery.ts). */
  readonly dropsCommands = true;
  private closed = false;
  private reason: string | null = null;
  /** Set once the gateway admitted the scale: proof of life for its connection. */
  onPing: (() => void) | null = null;

  constructor(
    private readonly browser: BrowserConnection,
    private readonly onClosed: (reason: string | null) => void,
  ) {}

  get readyState(): 0 | 1 | 2 | 3 {
    return this.closed || !this.browser.isOpen ? CLOSED : OPEN;
  }

  send(data: unknown): void {
    if (typeof data !== 'string') return;
    const message = JSON.parse(data) as { type?: string; error?: string };
    if (message.type === 'REJECT' && message.error) this.reason = message.error;
    if (message.type === 'PING' && this.readyState === OPEN) this.onPing?.();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.onClosed(this.reason);
  }

  terminate(): void {
    this.close();
  }

  /** The browser ended the bridge itself: nothing to tell it. */
  detach(): void {
    this.closed = true;
  }
}
