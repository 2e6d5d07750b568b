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
import { HELLO_TIMEOUT_PREFIX } from '@beerscale/contract/device-rejects';
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
  /** ACKs SETTINGS but keeps its old calibration_offset. */
  'ignoresCalibration',
  /** Never sends STATUS for a network it could not join. */
  'noWifiStatus',
  /** ACKs SETTINGS but keeps its old calibration_factor. */
  'ignoresCalibrationFactor',
  /** Sends STATUS to a server whose WELCOME said no `minor` (a 1.0 server refuses it). */
  'statusToOldServer',
  /** Tries a network it could not join again when a WELCOME still carries it. */
  'retriesFailedWifi',
  /** Streams readings while it shows a pairing code. */
  'readsWhilePairing',
  /** Keeps its back-off growing after a WELCOME. */
  'noBackoffReset',
  /** Waits exactly the back-off, with no random part. */
  'noJitter',
  /** Never notices a link that went silent. */
  'noDeadLink',
  /** Reconnects after a REJECT without retryAfter ("Message too large", then 1009). */
  'reconnectsAfterFinalReject',
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
  /** The back-off's first wait after an abnormal close (ms, doubling up to `maxBackoffMs`). */
  backoffBaseMs?: number;
  /** The back-off's longest wait before its random part (ms; the document's 10 s). */
  maxBackoffMs?: number;
  faults?: readonly ScaleFault[];
  /** How late the `slowHello` copy says HELLO (ms). */
  helloDelayMs?: number;
  /** Nothing heard for this long (ms) while connected: the link is dead (45 s). */
  deadLinkMs?: number;
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
const DEAD_LINK_MS = 45_000;

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
  /** A REJECT without retryAfter came: no reconnecting on its own (a person must act). */
  private refusedForGood = false;
  /** WELCOME's `minor`: STATUS (1.1) goes only to a server that says 1 or more. */
  private serverMinor = 0;
  /** The network it could not join: not tried again for a WELCOME, only for a SETTINGS. */
  private failedSsid: string | null = null;
  /** A failure not yet reported (the server then could not take STATUS). */
  private failureUnreported = false;
  private deadLinkTimer: NodeJS.Timeout | null = null;
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
    this.clearDeadLink();
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
    this.sendStatus({ type: 'STATUS', calibrated: factor });
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
      this.heardFrom(socket);
      this.emit('open');
    });
    socket.on('message', (data) => {
      this.heardFrom(socket);
      this.receive(data.toString());
    });
    socket.on('ping', () => this.heardFrom(socket));
    socket.on('error', () => {
      // The close event follows and decides about reconnecting.
    });
    socket.on('close', (code, reason) => {
      if (this.socket === socket) this.socket = null;
      this.stopStream();
      this.clearDeadLink();
      this.emit('close', code, reason.toString());
      const retryAfter = this.retryAfterMs;
      const refusedForGood = this.refusedForGood && !this.has('reconnectsAfterFinalReject');
      this.retryAfterMs = null;
      this.refusedForGood = false;
      if (this.stopped || this.options.reconnect === false) return;
      // A final refusal (a REJECT without retryAfter, or a 1008 without one) waits for a person:
      // a restart of the simulator.
      if (refusedForGood || (code === 1008 && retryAfter === null)) return;
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
    const backoff = Math.min(this.options.maxBackoffMs ?? MAX_BACKOFF_MS, base * 2 ** this.retries);
    this.retries += 1;
    const jittered = this.has('noJitter') ? backoff : backoff * (1 + Math.random() / 4);
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
        if (!this.has('noBackoffReset')) this.retries = 0;
        this.pairingCode = null;
        this.serverMinor = message.minor ?? 0;
        if (message.key) {
          this.key = message.key;
          if (this.options.keyFile) writeKey(this.options.keyFile, message.key);
        }
        // A failure a 1.0 server could not hear is reported to one that can.
        if (this.failureUnreported && this.failedSsid) this.reportFailed(this.failedSsid);
        this.applySettings(message.settings, 'welcome');
        this.startStream();
        break;
      case 'PAIRING':
        if (!this.has('noBackoffReset')) this.retries = 0;
        this.pairingCode = message.code;
        // Nothing but PING/PONG while the code shows (the broken copy streams on).
        if (this.has('readsWhilePairing')) this.startStream();
        break;
      case 'REJECT':
        this.retryAfterMs = message.retryAfter === undefined ? null : message.retryAfter * 1000;
        // Without retryAfter retrying blindly will not help, except after a late HELLO.
        this.refusedForGood =
          message.retryAfter === undefined && !message.error.startsWith(HELLO_TIMEOUT_PREFIX);
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
        if (this.firstTime(message.cmdId)) this.applySettings(message.settings, 'settings');
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

  private applySettings(settings: Record<string, string>, from: 'welcome' | 'settings'): void {
    this.settings = settings;
    this.joinWifi(settings.wifi_ssid ?? '', from);
    if (!this.has('ignoresCalibration')) {
      const offset = Number(settings.calibration_offset);
      const calibration = Number.isFinite(offset) ? offset : 0;
      // The broken copy adds the offset of every send on top of the last one.
      this.platform.calibration = this.has('appliesTwice')
        ? this.platform.calibration + calibration
        : calibration;
    }
    if (this.has('ignoresCalibrationFactor')) return;
    // '' (not set): the load cell's own factor; otherwise readings follow the given one.
    const factor = Number(settings.calibration_factor);
    this.platform.factorRatio =
      settings.calibration_factor && Number.isFinite(factor) && factor !== 0
        ? SIM_COUNTS_PER_GRAM / factor
        : 1;
  }

  /**
   * A new network is tried; one it cannot reach fails and the scale stays where it was,
   * reporting it (STATUS, protocol 1.1). An empty SSID means "keep what you have". A network
   * that failed is tried again only when a SETTINGS brings it (the owner set it again), not
   * for a WELCOME that still carries it because the server has not heard the STATUS yet.
   */
  private joinWifi(ssid: string, from: 'welcome' | 'settings'): void {
    if (!ssid || ssid === this.network) return;
    if (from === 'welcome' && ssid === this.failedSsid && !this.has('retriesFailedWifi')) return;
    if (!this.options.unreachableSsids?.includes(ssid)) {
      this.network = ssid;
      this.failedSsid = null;
      this.failureUnreported = false;
      return;
    }
    this.failedSsid = ssid;
    this.emit('wifi-failed', ssid, this.network);
    this.reportFailed(ssid);
  }

  private reportFailed(ssid: string): void {
    if (this.has('noWifiStatus')) return;
    this.failureUnreported = !this.sendStatus({ type: 'STATUS', wifi: WIFI_FAILED, ssid });
  }

  /** STATUS (1.1) only to a server whose WELCOME said minor 1 or more; false when held back. */
  private sendStatus(message: object): boolean {
    if (this.serverMinor < 1 && !this.has('statusToOldServer')) return false;
    this.send(message);
    return true;
  }

  /**
   * The dead-link timeout (docs/DEVICE-PROTOCOL.md, Heartbeat): the server is never silent for
   * long, so nothing heard for `deadLinkMs` means a half-open socket: cut it and reconnect.
   */
  private heardFrom(socket: WebSocket): void {
    this.clearDeadLink();
    if (this.has('noDeadLink') || this.socket !== socket) return;
    this.deadLinkTimer = setTimeout(() => {
      if (this.socket === socket) socket.terminate();
    }, this.options.deadLinkMs ?? DEAD_LINK_MS);
    this.deadLinkTimer.unref();
  }

  private clearDeadLink(): void {
    if (this.deadLinkTimer) clearTimeout(this.deadLinkTimer);
    this.deadLinkTimer = null;
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
