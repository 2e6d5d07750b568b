import { EventEmitter } from 'node:events';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import WebSocket from 'ws';
import {
  DEVICE_PROTOCOL_VERSION,
  serverToDeviceSchema,
  type ServerToDevice,
  type ServerToDeviceMap,
} from '@beerscale/contract/device-socket';
import { Platform } from './weight-curve';

export interface ScaleClientOptions {
  server: string;
  mac: string;
  /** Where the pairing key is kept between runs; null keeps it in memory only. */
  keyFile: string | null;
  key?: string;
  firmware?: string;
  model?: string;
  seed?: number;
  /** Milliseconds between WEIGHT messages (100 = 10 Hz). */
  intervalMs?: number;
  reconnect?: boolean;
}

type Events = {
  [K in keyof ServerToDeviceMap]: [ServerToDeviceMap[K]];
} & {
  open: [];
  close: [code: number, reason: string];
  rejected: [error: string, retryAfter: number | undefined];
};

/**
 * A simulated WiFi scale speaking the device protocol (docs/DEVICE-PROTOCOL.md): HELLO with its
 * key; without a valid one PAIRING shows a code until a person confirms it, then WELCOME brings
 * the key, which it keeps. It ACKs every command, applies its settings (calibration offset),
 * answers PING, streams WEIGHT from its platform once welcomed, and reconnects with back-off
 * after a lost connection or a temporary refusal (REJECT with retryAfter), not after a final one.
 */
export class ScaleClient extends EventEmitter<Events> {
  readonly platform: Platform;
  key: string | undefined;
  lastDisplay: ServerToDeviceMap['DISPLAY'] | null = null;
  lastConfigure: ServerToDeviceMap['CONFIGURE'] | null = null;
  /** The code on the screen while waiting to be paired; null once welcomed. */
  pairingCode: string | null = null;
  private retryAfterMs: number | null = null;
  settings: Record<string, string> = {};
  private socket: WebSocket | null = null;
  private streamTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private retries = 0;
  private stopped = false;
  private seq = 0;

  constructor(private readonly options: ScaleClientOptions) {
    super();
    this.platform = new Platform(options.seed ?? 1);
    this.key = options.key ?? (options.keyFile ? readKey(options.keyFile) : undefined);
  }

  get connected(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.stopStream();
    this.socket?.close(1000, 'bye');
    this.socket = null;
  }

  /** The reading last sent (null before the first): what the server saw of the platform. */
  lastSentGrams: number | null = null;

  place(grams: number): void {
    this.platform.place(grams, Date.now());
  }

  remove(): void {
    this.platform.remove(Date.now());
  }

  /** Drinks from the container on the platform (it stays there, lighter). */
  drink(grams: number): void {
    this.platform.set(this.platform.trueGrams - grams, Date.now());
  }

  private connect(): void {
    const url = `${this.options.server.replace(/^http/, 'ws').replace(/\/$/, '')}/ws/device`;
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.on('open', () => {
      this.retries = 0;
      this.send({
        type: 'HELLO',
        mac: this.options.mac,
        ...(this.key ? { key: this.key } : {}),
        protocol: DEVICE_PROTOCOL_VERSION,
        firmware: this.options.firmware ?? 'sim-1.0',
        model: this.options.model ?? 'beerscale-sim',
      });
      this.emit('open');
    });
    socket.on('message', (data) => this.receive(data.toString()));
    socket.on('error', () => {
      // The close event follows and decides about reconnecting.
    });
    socket.on('close', (code, reason) => {
      if (this.socket === socket) this.socket = null;
      this.stopStream();
      this.emit('close', code, reason.toString());
      const retryAfter = this.retryAfterMs;
      this.retryAfterMs = null;
      if (this.stopped || this.options.reconnect === false) return;
      // A final refusal (no retryAfter) waits for a person: a restart of the simulator.
      if (code === 1008 && retryAfter === null) return;
      const delay = Math.max(retryAfter ?? 0, Math.min(10_000, 500 * 2 ** this.retries));
      this.retries += 1;
      this.retryTimer = setTimeout(() => this.connect(), delay);
    });
  }

  private receive(raw: string): void {
    let message: ServerToDevice;
    try {
      const parsed = serverToDeviceSchema.safeParse(JSON.parse(raw));
      if (!parsed.success) return;
      message = parsed.data;
    } catch {
      return;
    }
    switch (message.type) {
      case 'WELCOME':
        this.pairingCode = null;
        if (message.key) {
          this.key = message.key;
          if (this.options.keyFile) writeKey(this.options.keyFile, message.key);
        }
        this.applySettings(message.settings);
        this.startStream();
        break;
      case 'PAIRING':
        this.pairingCode = message.code;
        break;
      case 'REJECT':
        this.retryAfterMs = message.retryAfter === undefined ? null : message.retryAfter * 1000;
        this.emit('rejected', message.error, message.retryAfter);
        break;
      case 'PING':
        this.send({ type: 'PONG' });
        break;
      case 'CONFIGURE':
        this.lastConfigure = message;
        this.send({ type: 'ACK', cmdId: message.cmdId });
        break;
      case 'SETTINGS':
        this.applySettings(message.settings);
        this.send({ type: 'ACK', cmdId: message.cmdId });
        break;
      case 'START':
        this.send({ type: 'ACK', cmdId: message.cmdId });
        break;
      case 'DISPLAY':
        this.lastDisplay = message;
        break;
      case 'PONG':
        break;
    }
    (this.emit as (type: string, message: ServerToDevice) => boolean)(message.type, message);
  }

  private applySettings(settings: Record<string, string>): void {
    this.settings = settings;
    const offset = Number(settings.calibration_offset);
    this.platform.calibration = Number.isFinite(offset) ? offset : 0;
  }

  private startStream(): void {
    this.stopStream();
    this.streamTimer = setInterval(() => {
      const { grams, stable } = this.platform.sample(Date.now());
      this.seq += 1;
      this.send({ type: 'WEIGHT', grams, stable, seq: this.seq });
      this.lastSentGrams = grams;
    }, this.options.intervalMs ?? 100);
  }

  private stopStream(): void {
    if (this.streamTimer) clearInterval(this.streamTimer);
    this.streamTimer = null;
  }

  private send(message: object): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }
}

function readKey(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

function writeKey(file: string, key: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
}
