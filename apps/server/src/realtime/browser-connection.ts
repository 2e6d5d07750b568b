import type { WebSocket } from 'ws';
import type { ServerToBrowser } from '@beerscale/contract/browser-socket';

/** Beyond this much unsent data a socket counts as slow: live samples are coalesced for it. */
const SLOW_SOCKET_BYTES = 256 * 1024;
/**
 * Messages a socket may send per second before the rest are refused (README.md, Limits; ASVS): one
 * socket cannot keep the instance busy.
 */
const MESSAGES_PER_SECOND = 30;
/** The longest delay setTimeout takes; a later deadline is waited for in steps. */
const MAX_TIMER_MS = 2_147_483_647;

export class BrowserConnection {
  lastHeardAt: number;
  watchedScale: string | null = null;
  private windowStart = 0;
  private windowCount = 0;
  private pendingSample: ServerToBrowser | null = null;
  private flushTimer: NodeJS.Timeout | null = null;
  private expiryTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly socket: WebSocket,
    readonly userId: number,
    readonly jti: string,
    now: number,
  ) {
    this.lastHeardAt = now;
  }

  get isOpen(): boolean {
    return this.socket.readyState === this.socket.OPEN;
  }

  send(message: ServerToBrowser): void {
    if (!this.isOpen) return;
    this.socket.send(JSON.stringify(message));
  }

  /**
   * Live weight is only worth its newest value: a slow viewer gets the latest sample once its
   * buffer drains instead of an ever-growing queue.
   */
  sendSample(message: ServerToBrowser): void {
    if (!this.isOpen) return;
    if (this.socket.bufferedAmount < SLOW_SOCKET_BYTES && !this.pendingSample) {
      this.socket.send(JSON.stringify(message));
      return;
    }
    this.pendingSample = message;
    this.flushTimer ??= setTimeout(() => this.flushSample(), 50);
  }

  private flushSample(): void {
    this.flushTimer = null;
    const message = this.pendingSample;
    if (!message || !this.isOpen) return;
    if (this.socket.bufferedAmount >= SLOW_SOCKET_BYTES) {
      this.flushTimer = setTimeout(() => this.flushSample(), 50);
      return;
    }
    this.pendingSample = null;
    this.socket.send(JSON.stringify(message));
  }

  /** Counts an incoming message; false once the socket is over its rate for this second. */
  admit(now: number): boolean {
    this.lastHeardAt = now;
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.windowCount = 0;
    }
    this.windowCount += 1;
    return this.windowCount <= MESSAGES_PER_SECOND;
  }

  /**
   * Runs `onExpiry` at `at` (ms since the epoch), unless the socket closes first: a socket must
   * not outlive the token it was opened with, which REST stops accepting at that moment.
   */
  expireAt(at: number, onExpiry: () => void): void {
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    const wait = at - Date.now();
    this.expiryTimer = setTimeout(
      () => (wait > MAX_TIMER_MS ? this.expireAt(at, onExpiry) : onExpiry()),
      Math.max(0, Math.min(wait, MAX_TIMER_MS)),
    );
    this.expiryTimer.unref();
  }

  close(code: number, reason: string): void {
    this.clearTimers();
    if (
      this.socket.readyState === this.socket.OPEN ||
      this.socket.readyState === this.socket.CONNECTING
    ) {
      this.socket.close(code, reason);
    }
  }

  dispose(): void {
    this.clearTimers();
  }

  private clearTimers(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
  }
}
