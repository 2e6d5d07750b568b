import { EventEmitter } from 'node:events';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import WebSocket from 'ws';
import {
  DEVICE_PROTOCOL_MINOR,
  DEVICE_PROTOCOL_VERSION,
  WIFI_FAILED,
  serverToDeviceSchema,
  type ServerToDevice,
  type ServerToDeviceMap,
} from '@beerscale/contract/device-socket';
import { Platform } from './weight-curve';

/** The simulated load cell's own factor (counts per gram), used while none is set. */
export const SIM_COUNTS_PER_GRAM = 420;

/**
 * Deliberate defects, each breaking one rule of docs/DEVICE-PROTOCOL.md: the conformance kit's
 * own tests run it against a simulator with one of them and expect exactly that case to fail.
 */
export const SCALE_FAULTS = [
  /** HELLO only after `helloDelayMs` (6 s). */
  'slowHello',
  /** Forgets its key at every reconnect (a new pairing each time). */
  'forgetsKey',
  /** Sends WEIGHT at 25 Hz. */
  'floodsReadings',
  /** Never answers PING. */
  'noPong',
  /** Never ACKs a command. */
  'noAck',
  /** Applies a repeated cmdId again (its calibration offset added twice). */
  'appliesTwice',
  /** Closes the socket on a message type or field it does not know. */
  'refusesUnknown',
  /** Reconnects at once after a REJECT, whatever its retryAfter. */
  'ignoresRetryAfter',
  /** Reconnects at once after every abnormal close, without back-off. */
  'noBackoff',
  /** ACKs SETTINGS but keeps its old calibration. */
  'ignoresCalibration',
  /** Never sends STATUS for a network it could not join. */
  'noWifiStatus',
] as const;
export type ScaleFault = (typeof SCALE_FAULTS)[number];

export interface ScaleClientOptions {
  server: string;
  mac: string;
  /** Where the pairing key is kept between runs; null keeps it in memory only. */
  keyFile: string | null;
  key?: string;
  firmware?: string;
  model?: string;
  seed?: number;
  /** False: containers go down settled, without the load cell's ringing (Platform). */
  rings?: boolean;
  /** Milliseconds between WEIGHT messages (100 = 10 Hz). */
  intervalMs?: number;
  reconnect?: boolean;
  /** Networks this scale cannot join (`--unreachable-ssid`): joining fails, STATUS reports it. */
  unreachableSsids?: readonly string[];
  /** The back-off's first wait after an abnormal close (ms, doubling up to 10 s). */
  backoffBaseMs?: number;
  faults?: readonly ScaleFault[];
  /** How late the `slowHello` copy says HELLO (ms). */
  helloDelayMs?: number;
}

type Events = {
  [K in keyof ServerToDeviceMap]: [ServerToDeviceMap[K]];
} & {
  open: [];
  close: [code: number, reason: string];
  rejected: [error: string, retryAfter: number | undefined];
  /** Protocol 1.1 STATUS: joining `ssid` failed; the scale stays on `kept`. */
  'wifi-failed': [ssid: string, kept: string | null];
};

/** The message types a server of this protocol sends (the broken copy knows no others). */
const KNOWN_SERVER_TYPES: readonly string[] = serverToDeviceSchema.options.map(
  (option) => option.shape.type.value,
);
const MAX_BACKOFF_MS = 10_000;

/**
 * A simulated WiFi scale speaking the device protocol 1.1 (docs/DEVICE-PROTOCOL.md): HELLO with
 * its key; without a valid one PAIRING shows a code until a person confirms it, then WELCOME
 * brings the key, which it keeps. It ACKs every command (a repeated cmdId applied once),
 * applies its settings (calibration offset and factor, WiFi: a network it cannot join is
 * reported with STATUS), answers PING, streams WEIGHT from its platform once welcomed, and
 * reconnects with back-off and jitter after a lost connection or a temporary refusal (never
 * before a REJECT's retryAfter), not after a final one.
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
  /** The WiFi network it is on (simulated): the last SSID it could join, never wiped. */
  network: string | null = null;
  /** cmdIds already applied: a repeated one is ACKed again, not applied again. */
  private readonly applied = new Set<string>();
  private readonly faults: ReadonlySet<ScaleFault>;
  private socket: WebSocket | null = null;
  private streamTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private retries = 0;
  private stopped = false;
  private seq = 0;

  constructor(private readonly options: ScaleClientOptions) {
    super();
    this.platform = new Platform(options.seed ?? 1, options.rings ?? true);
    this.key = options.key ?? (options.keyFile ? readKey(options.keyFile) : undefined);
    this.faults = new Set(options.faults ?? []);
  }

  private has(fault: ScaleFault): boolean {
    return this.faults.has(fault);
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

  /** How many WEIGHT readings this scale has sent: a test can wait for the next few. */
  get samplesSent(): number {
    return this.seq;
  }

  place(grams: number): void {
    this.platform.place(grams, Date.now());
  }

  remove(): void {
    this.platform.remove(Date.now());
  }

  /**
   * Calibrates with a known weight standing on the platform (protocol 1.1): the factor that
   * makes the reading that weight is reported with STATUS { calibrated }.
   */
  calibrate(knownGrams: number): number {
    // On the last readings' mean, as a firmware calibrates on a stable weight, not one sample.
    const reading =
      (this.platform.meanOfRecent() ?? this.platform.sample(Date.now()).grams) -
      this.platform.calibration;
    const inUse = SIM_COUNTS_PER_GRAM / this.platform.factorRatio;
    const factor = Math.round(((inUse * reading) / knownGrams) * 100) / 100;
    this.platform.factorRatio = SIM_COUNTS_PER_GRAM / factor;
    this.send({ type: 'STATUS', calibrated: factor });
    return factor;
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
      if (this.has('forgetsKey')) this.key = undefined;
      const hello = () =>
        this.send({
          type: 'HELLO',
          mac: this.options.mac,
          ...(this.key ? { key: this.key } : {}),
          protocol: DEVICE_PROTOCOL_VERSION,
          minor: DEVICE_PROTOCOL_MINOR,
          firmware: this.options.firmware ?? 'sim-1.0',
          model: this.options.model ?? 'beerscale-sim',
        });
      if (this.has('slowHello')) setTimeout(hello, this.options.helloDelayMs ?? 6_000).unref();
      else hello();
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
      this.retryTimer = setTimeout(() => this.connect(), this.nextDelay(code, retryAfter));
    });
  }

  /**
   * Back-off (docs/DEVICE-PROTOCOL.md): 0.5 s doubling up to 10 s, with up to a quarter more at
   * random so that scales dropped together do not come back together; never sooner than a
   * REJECT's retryAfter; reset once a connection got WELCOME or a pairing code.
   */
  private nextDelay(code: number, retryAfter: number | null): number {
    if (retryAfter !== null && this.has('ignoresRetryAfter')) return 0;
    if (retryAfter === null && code !== 1001 && this.has('noBackoff')) return 0;
    const base = this.options.backoffBaseMs ?? 500;
    const backoff = Math.min(MAX_BACKOFF_MS, base * 2 ** this.retries);
    this.retries += 1;
    const jittered = backoff * (1 + Math.random() / 4);
    // A server going away (1001): straight to another instance, then the back-off.
    const wait = code === 1001 && this.retries === 1 ? 0 : jittered;
    return Math.max(retryAfter ?? 0, wait);
  }

  private receive(raw: string): void {
    let message: ServerToDevice;
    try {
      const json = JSON.parse(raw) as { type?: unknown };
      // The broken copy: a newer server's message or field ends the conversation.
      if (this.has('refusesUnknown') && !this.knows(json)) {
        this.socket?.close(1003, 'unknown message');
        return;
      }
      const parsed = serverToDeviceSchema.safeParse(json);
      if (!parsed.success) return;
      message = parsed.data;
    } catch {
      return;
    }
    switch (message.type) {
      case 'WELCOME':
        this.retries = 0;
        this.pairingCode = null;
        if (message.key) {
          this.key = message.key;
          if (this.options.keyFile) writeKey(this.options.keyFile, message.key);
        }
        this.applySettings(message.settings);
        this.startStream();
        break;
      case 'PAIRING':
        this.retries = 0;
        this.pairingCode = message.code;
        break;
      case 'REJECT':
        this.retryAfterMs = message.retryAfter === undefined ? null : message.retryAfter * 1000;
        this.emit('rejected', message.error, message.retryAfter);
        break;
      case 'PING':
        if (!this.has('noPong')) this.send({ type: 'PONG' });
        break;
      case 'CONFIGURE':
        this.lastConfigure = message;
        this.ack(message.cmdId);
        break;
      case 'SETTINGS':
        if (this.firstTime(message.cmdId)) this.applySettings(message.settings);
        this.ack(message.cmdId);
        break;
      case 'START':
        this.ack(message.cmdId);
        break;
      case 'DISPLAY':
        this.lastDisplay = message;
        break;
      case 'PONG':
        break;
    }
    (this.emit as (type: string, message: ServerToDevice) => boolean)(message.type, message);
  }

  private ack(cmdId: string): void {
    if (!this.has('noAck')) this.send({ type: 'ACK', cmdId });
  }

  /** A cmdId not seen before (the broken copy applies every send). */
  private firstTime(cmdId: string): boolean {
    if (this.has('appliesTwice')) return true;
    if (this.applied.has(cmdId)) return false;
    this.applied.add(cmdId);
    return true;
  }

  private knows(json: { type?: unknown }): boolean {
    if (typeof json.type !== 'string' || !KNOWN_SERVER_TYPES.includes(json.type)) return false;
    const option = serverToDeviceSchema.options.find((o) => o.shape.type.value === json.type);
    return Object.keys(json).every((field) => option !== undefined && field in option.shape);
  }

  private applySettings(settings: Record<string, string>): void {
    this.settings = settings;
    this.joinWifi(settings.wifi_ssid ?? '');
    if (this.has('ignoresCalibration')) return;
    const offset = Number(settings.calibration_offset);
    const calibration = Number.isFinite(offset) ? offset : 0;
    // The broken copy adds the offset of every send on top of the last one.
    this.platform.calibration = this.has('appliesTwice')
      ? this.platform.calibration + calibration
      : calibration;
    // '' (not set): the load cell's own factor; otherwise readings follow the given one.
    const factor = Number(settings.calibration_factor);
    this.platform.factorRatio =
      settings.calibration_factor && Number.isFinite(factor) && factor !== 0
        ? SIM_COUNTS_PER_GRAM / factor
        : 1;
  }

  /**
   * A new network is tried; one it cannot reach fails and the scale stays where it was,
   * reporting it (STATUS, protocol 1.1). An empty SSID means "keep what you have".
   */
  private joinWifi(ssid: string): void {
    if (!ssid || ssid === this.network) return;
    if (!this.options.unreachableSsids?.includes(ssid)) {
      this.network = ssid;
      return;
    }
    this.emit('wifi-failed', ssid, this.network);
    if (!this.has('noWifiStatus')) this.send({ type: 'STATUS', wifi: WIFI_FAILED, ssid });
  }

  private startStream(): void {
    this.stopStream();
    const interval = this.has('floodsReadings') ? 40 : (this.options.intervalMs ?? 100);
    this.streamTimer = setInterval(() => {
      const { grams, stable } = this.platform.sample(Date.now());
      this.seq += 1;
      this.send({ type: 'WEIGHT', grams, stable, seq: this.seq });
      this.lastSentGrams = grams;
    }, interval);
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
