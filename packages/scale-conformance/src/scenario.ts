import { randomBytes, randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEVICE_REJECTS } from '@beerscale/contract/device-rejects';
import {
  DEVICE_MAX_WEIGHT_HZ,
  DEVICE_PROTOCOL_MINOR,
  DEVICE_PROTOCOL_VERSION,
  PAIRING_CODE_TTL_S,
  WIFI_FAILED,
} from '@beerscale/contract/device-socket';
import { CALIBRATION_FACTOR } from '@beerscale/contract/limits';
import type { CaseId, Verdict } from './cases';
import type { Heard, KitConnection, KitServer } from './kit-server';
import type { KitTimings } from './timings';

export interface Judged {
  verdict: Verdict;
  detail: string;
}

/** What the scale said about itself in its first HELLO. */
export interface ScaleIdentity {
  mac: string | null;
  firmware: string | null;
  model: string | null;
  protocol: number | null;
  minor: number | null;
}

/** The offset the kit sets to see the readings move (grams), and how close they must follow. */
const OFFSET_STEP = 50;
const TOLERANCE_G = 3;
/** The kit doubles the scale's factor: the standing weight must read half (within 3 %). */
const FACTOR_TOLERANCE = 0.03;
/** Drops, each followed by a WELCOME, for the back-off reset and its random part. */
const RESET_DROPS = 8;
/**
 * A wait this many times the first has grown: a back-off that kept counting reaches it by the
 * second drop (x2, then x4), while a quarter of jitter and a busy machine's delays stay below it
 * (1.6 failed a resetting scale on a loaded machine: 592 ms after a first wait of 356 ms).
 */
const GREW = 2.5;
/**
 * The waits after those drops, less the longest and the shortest (one late timer either way),
 * must differ by at least this share of their median: a quarter more at random spreads eight
 * waits by about 14 % (less than 2 % about once in 600 runs); the kit's own timing noise by
 * less.
 */
const JITTER_SPREAD = 0.02;
/** What the kit shows to ask the person at the scale to calibrate it. */
export const CALIBRATE_TEXT = 'Conformance: calibrate the scale now with a known weight';
const GAME_ID = 9001;
const PLAYERS = [
  { id: 1, name: 'Anna', position: 0 },
  { id: 2, name: 'Ben', position: 1 },
];
/**
 * The pages a scale shows during a game, in the order a game goes (DISPLAY phases), worded as
 * the server words them in English (apps/web/src/locales/en.json, `display.*`): the instruction
 * first, then what happened.
 */
export const DISPLAY_PAGES = [
  { phase: 'IDLE', text: 'Conformance: waiting for the leader to start' },
  { phase: 'INITIAL_WEIGHING', player: 'Anna', text: 'Anna: place your full bottle' },
  {
    phase: 'DRINKING',
    player: 'Anna',
    target: 431,
    text: 'Round 1: drink down to 431 g! Anna weighs first',
  },
  {
    phase: 'SCORING',
    player: 'Ben',
    target: 431,
    text: 'Ben: put your bottle on the scale. Anna: 433 g, off by 2 g.',
  },
  { phase: 'FINISHED', text: 'Game over! Winner: Anna. Ben: 436 g, off by 5 g.' },
  { phase: 'CANCELLED', text: 'Conformance: cancelled' },
  { phase: 'IDLE', text: 'Ready: set up a game in the app' },
] as const;

const isType = (type: string) => (m: Heard['message']) => m.type === type;
const isWeight = (h: Heard) =>
  h.message.type === 'WEIGHT' &&
  typeof h.message.grams === 'number' &&
  typeof h.message.stable === 'boolean';
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The scripted conversation with one scale: each stage drives it and judges one or two cases.
 * The kit plays the server's part as docs/DEVICE-PROTOCOL.md describes it (pairing by code,
 * WELCOME with settings, commands with cmdIds) and behaves like the server where the scale has
 * a choice (it stops sending a network the scale reported it could not join).
 */
export class Scenario {
  readonly results = new Map<CaseId, Judged>();
  identity: ScaleIdentity | null = null;
  private key: string | null = null;
  private lastConnection = 0;
  private conn: KitConnection | null = null;
  private readonly helloTimes: number[] = [];
  /** The first wait after a drop (key and back-off): what a reset back-off waits again. */
  private firstBackoffMs: number | null = null;
  private readonly helloProblems: string[] = [];
  private pairingCodes: string[] = [];
  /** What the scale sent while showing a code (anything but PING/PONG). */
  private readonly pairingNoise: string[] = [];
  /** Connections the kit welcomed as a 1.0 server (no `minor`). */
  private readonly oldServerConnections = new Set<number>();
  /** The factor the scale reported with STATUS { calibrated }. */
  private calibratedFactor: number | null = null;
  private cmdSeq = 0;
  private readonly settings: Record<string, string> = {
    wifi_ssid: '',
    wifi_password: '',
    device_name: 'Conformance kit',
    calibration_offset: '0',
    calibration_factor: '',
    auto_tare: 'false',
    sleep_timeout: '60',
    led_brightness: '50',
  };

  constructor(
    private readonly server: KitServer,
    private readonly timings: KitTimings,
    private readonly unreachableSsid: string,
    private readonly log: (line: string) => void,
  ) {}

  async run(): Promise<void> {
    const first = await this.server.nextConnection(0, this.timings.connectTimeoutMs);
    if (!first) return;
    this.lastConnection = first.id;
    this.log(`scale connected (connection ${first.id})`);
    if (!(await this.admit(first))) return;
    const stages: [string, () => Promise<void>][] = [
      ['reading rate', () => this.rate()],
      ['PING/PONG', () => this.pong()],
      ['unknown messages', () => this.unknown()],
      ['SETTINGS and cmdIds', () => this.settingsAndCommands()],
      ['calibration', () => this.calibration()],
      ['display pages', () => this.displayPages()],
      // The first drops: the back-off starts from its first wait here.
      ['key and back-off', () => this.keyAndBackoff()],
      ['back-off reset and jitter', () => this.resetAndJitter()],
      ['a 1.0 server', () => this.oldServer()],
      ['failed WiFi', () => this.wifi()],
      ['dead link', () => this.deadLink()],
      ['REJECT with retryAfter', () => this.retryAfter()],
      ['Key in use', () => this.keyInUse()],
      // Last: a scale that behaves stays away for good.
      ['REJECT without retryAfter', () => this.finalReject()],
    ];
    for (const [name, stage] of stages) {
      if (!(await this.live())) break;
      this.log(`stage: ${name}`);
      await stage();
    }
    this.judgeHello();
    this.judgePairingQuiet();
    this.conn?.send({ type: 'DISPLAY', phase: 'IDLE', text: 'Conformance run finished' });
  }

  // --- the connection the stages use -------------------------------------------------------

  /** The welcomed connection, reconnected (and welcomed) if the scale dropped it. */
  private async live(): Promise<KitConnection | null> {
    if (this.conn?.open) return this.conn;
    const next = await this.nextConnection(this.timings.reconnectTimeoutMs);
    if (!next || !(await this.admit(next))) return null;
    return this.conn;
  }

  private async nextConnection(timeoutMs: number): Promise<KitConnection | null> {
    const conn = await this.server.nextConnection(this.lastConnection, timeoutMs);
    if (conn) this.lastConnection = conn.id;
    return conn;
  }

  /** Waits for the HELLO of `conn` and notes how long it took. */
  private async hello(conn: KitConnection): Promise<Heard | null> {
    const hello = await conn.next(isType('HELLO'), this.timings.helloGiveUpMs);
    if (!hello) {
      this.helloProblems.push(`connection ${conn.id}: no HELLO`);
      return null;
    }
    const took = hello.at - conn.openedAt;
    this.helloTimes.push(took);
    if (took > this.timings.helloTimeoutMs) {
      this.helloProblems.push(`connection ${conn.id}: HELLO after ${seconds(took)}`);
    }
    const mac = hello.message.mac;
    if (typeof mac !== 'string' || !/^[0-9A-Fa-f]{12}$/.test(mac)) {
      this.helloProblems.push(`connection ${conn.id}: HELLO without a 12-digit mac`);
    }
    this.identity ??= {
      mac: typeof mac === 'string' ? mac.toUpperCase() : null,
      firmware: text(hello.message.firmware),
      model: text(hello.message.model),
      protocol: typeof hello.message.protocol === 'number' ? hello.message.protocol : null,
      minor: typeof hello.message.minor === 'number' ? hello.message.minor : null,
    };
    return hello;
  }

  /**
   * HELLO, then WELCOME: with the key it was given; otherwise a pairing code first. `oldServer`
   * welcomes as a 1.0 server does (no `minor`).
   */
  private async admit(
    conn: KitConnection,
    heard?: Heard | null,
    { oldServer = false } = {},
  ): Promise<boolean> {
    const hello = heard === undefined ? await this.hello(conn) : heard;
    if (!hello || !conn.open) return false;
    let newKey: string | undefined;
    if (!this.key || hello.message.key !== this.key) {
      const code = String(randomInt(1_000_000)).padStart(6, '0');
      this.pairingCodes.push(code);
      this.log(`PAIRING: the scale must now show the code ${code}`);
      const from = conn.heard.length;
      conn.send({ type: 'PAIRING', code, expiresIn: PAIRING_CODE_TTL_S });
      // The code stays up for its whole time (wait() returns early on any message).
      const until = Date.now() + this.timings.pairingHoldMs;
      while (conn.open && Date.now() < until) await conn.wait(until - Date.now());
      const noise = conn.heard
        .slice(from)
        .filter((h) => h.message.type !== 'PING' && h.message.type !== 'PONG');
      if (noise.length > 0) {
        const types = [...new Set(noise.map((h) => String(h.message.type)))].join(', ');
        this.pairingNoise.push(`connection ${conn.id}: ${noise.length} messages (${types})`);
      }
      if (!conn.open) return false;
      newKey = randomBytes(24).toString('base64url');
      this.key = newKey;
    }
    if (oldServer) this.oldServerConnections.add(conn.id);
    conn.send({
      type: 'WELCOME',
      ...(newKey ? { key: newKey } : {}),
      protocol: DEVICE_PROTOCOL_VERSION,
      ...(oldServer ? {} : { minor: DEVICE_PROTOCOL_MINOR }),
      settings: { ...this.settings },
      game: null,
    });
    conn.send({ type: 'DISPLAY', phase: 'IDLE', text: 'Conformance kit: connected' });
    this.conn = conn;
    return true;
  }

  private cmdId(what: string): string {
    this.cmdSeq += 1;
    return `conformance-${what}-${this.cmdSeq}`;
  }

  private judge(id: CaseId, verdict: Verdict, detail: string): void {
    this.results.set(id, { verdict, detail });
    this.log(`${verdict} ${id}: ${detail}`);
  }

  // --- the stages -----------------------------------------------------------------------------

  private async rate(): Promise<void> {
    const conn = this.conn!;
    const from = Date.now();
    await sleep(this.timings.rateWindowMs);
    const window = conn.heard.filter((h) => h.at >= from && h.message.type === 'WEIGHT');
    const malformed = window.filter((h) => !isWeight(h)).length;
    const perSecond = window.length / (this.timings.rateWindowMs / 1000);
    const busiest = Math.max(
      0,
      ...window.map((h) => window.filter((o) => o.at >= h.at && o.at < h.at + 1000).length),
    );
    const detail = `${perSecond.toFixed(1)} readings per second on average, at most ${busiest} in one second${malformed ? `, ${malformed} malformed` : ''}`;
    // About 10 Hz: at least half that, and never more than the server uses on average;
    // a second of up to 15 is let pass, since the kit times frames as they arrive, as the
    // server does, and a busy network delivers some together.
    const ok =
      conn.open &&
      malformed === 0 &&
      perSecond >= 5 &&
      perSecond <= DEVICE_MAX_WEIGHT_HZ &&
      busiest <= 15;
    this.judge(
      'rate',
      ok ? 'PASS' : 'FAIL',
      conn.open ? detail : `closed the connection; ${detail}`,
    );
  }

  private async pong(): Promise<void> {
    const conn = this.conn!;
    const from = conn.heard.length;
    const sent = Date.now();
    conn.send({ type: 'PING' });
    const pong = await conn.next(isType('PONG'), this.timings.pongTimeoutMs, from);
    if (pong) this.judge('pong', 'PASS', `PONG after ${pong.at - sent} ms`);
    else this.judge('pong', 'FAIL', `no PONG within ${seconds(this.timings.pongTimeoutMs)}`);
  }

  private async unknown(): Promise<void> {
    const conn = this.conn!;
    const sent = Date.now();
    conn.send({ type: 'CONFORMANCE_NEWS', note: 'a message type of a newer server', version: 2 });
    conn.send({
      type: 'DISPLAY',
      phase: 'IDLE',
      text: 'Conformance kit: unknown fields follow',
      layout: { font: 'large' },
    });
    conn.send({ type: 'PING', sentBy: 'conformance kit' });
    await sleep(this.timings.unknownWindowMs);
    const later = conn.heard.some(
      (h) => h.at > sent + this.timings.unknownWindowMs / 2 && isWeight(h),
    );
    if (!conn.open) {
      this.judge(
        'unknown',
        'FAIL',
        `closed the connection (code ${conn.closeCode}) after a message type or field it did not know`,
      );
    } else if (!later) {
      this.judge(
        'unknown',
        'FAIL',
        'stopped sending readings after a message type or field it did not know',
      );
    } else {
      this.judge(
        'unknown',
        'PASS',
        'kept the connection and its readings after an unknown type and unknown fields',
      );
    }
  }

  /** SETTINGS applied (the offset moves the readings), and repeated cmdIds applied once. */
  private async settingsAndCommands(): Promise<void> {
    const conn = this.conn!;
    const before = await this.median(conn);
    this.settings.calibration_offset = String(OFFSET_STEP);
    const settings = {
      type: 'SETTINGS',
      cmdId: this.cmdId('settings'),
      settings: { ...this.settings },
    };
    conn.send(settings);
    await this.acks(conn, settings.cmdId, 1);
    await sleep(this.timings.settleMs);
    const shifted = await this.median(conn);
    conn.send(settings);
    conn.send(settings);
    const configure = {
      type: 'CONFIGURE',
      cmdId: this.cmdId('configure'),
      gameId: GAME_ID,
      containerType: 'BEER_BOTTLE',
      players: PLAYERS,
    };
    const start = { type: 'START', cmdId: this.cmdId('start'), gameId: GAME_ID };
    conn.send(configure);
    conn.send(configure);
    conn.send(start);
    conn.send(start);
    const [settingsAcks, configureAcks, startAcks] = await Promise.all([
      this.acks(conn, settings.cmdId, 3),
      this.acks(conn, configure.cmdId, 2),
      this.acks(conn, start.cmdId, 2),
    ]);
    await sleep(this.timings.settleMs);
    const after = await this.median(conn);

    if (before === null || shifted === null) {
      this.judge('settings', 'FAIL', 'no readings to measure');
    } else {
      const moved = shifted - before;
      const ok = Math.abs(moved - OFFSET_STEP) <= TOLERANCE_G;
      this.judge(
        'settings',
        ok ? 'PASS' : 'FAIL',
        `the standing weight read ${before.toFixed(1)} g, ${shifted.toFixed(1)} g after calibration_offset ${OFFSET_STEP} (moved ${moved.toFixed(1)} g)`,
      );
    }
    const again = shifted !== null && after !== null ? after - shifted : NaN;
    const problems = [
      settingsAcks < 3 ? `SETTINGS sent 3 times, ${settingsAcks} ACKs` : '',
      configureAcks < 2 ? `CONFIGURE sent twice, ${configureAcks} ACKs` : '',
      startAcks < 2 ? `START sent twice, ${startAcks} ACKs` : '',
      !(Math.abs(again) <= TOLERANCE_G)
        ? `the repeated SETTINGS moved the readings again by ${again.toFixed(1)} g`
        : '',
    ].filter(Boolean);
    this.judge(
      'cmd-id',
      problems.length === 0 ? 'PASS' : 'FAIL',
      problems.join('; ') || 'every send ACKed; the repeated SETTINGS changed nothing more',
    );
    // Back to no offset (not judged).
    this.settings.calibration_offset = '0';
    const reset = {
      type: 'SETTINGS',
      cmdId: this.cmdId('settings'),
      settings: { ...this.settings },
    };
    conn.send(reset);
    await this.acks(conn, reset.cmdId, 1);
  }

  private async displayPages(): Promise<void> {
    const conn = this.conn!;
    for (const page of DISPLAY_PAGES) {
      conn.send({ type: 'DISPLAY', ...page });
      // wait() returns early on any message: each page stays up for its whole time.
      const until = Date.now() + this.timings.displayPageMs;
      while (conn.open && Date.now() < until) await conn.wait(until - Date.now());
    }
    const shown = DISPLAY_PAGES.map(
      (p) =>
        `${p.phase}: "${p.text}"${'player' in p ? ` (player ${p.player}` : ''}${'target' in p ? `, target ${p.target} g` : ''}${'player' in p ? ')' : ''}`,
    ).join('; ');
    if (!conn.open)
      this.judge('display-pages', 'FAIL', `closed the connection during the pages; sent: ${shown}`);
    else this.judge('display-pages', 'MANUAL', `the scale must have shown, in turn: ${shown}`);
  }

  /** The network the operator names cannot be joined: the scale must go back and say so. */
  private async wifi(): Promise<void> {
    const ssid = this.unreachableSsid;
    this.settings.wifi_ssid = ssid;
    this.settings.wifi_password = 'conformance-pass';
    const sent = Date.now();
    const deadline = sent + this.timings.wifiTimeoutMs;
    this.conn!.send({
      type: 'SETTINGS',
      cmdId: this.cmdId('wifi'),
      settings: { ...this.settings },
    });
    const reported = () =>
      this.server.connections
        .flatMap((c) => c.heard)
        .find(
          (h) =>
            h.at >= sent &&
            h.message.type === 'STATUS' &&
            h.message.wifi === WIFI_FAILED &&
            h.message.ssid === ssid,
        );
    while (!reported() && Date.now() < deadline) {
      const conn = this.conn;
      if (conn?.open) {
        await conn.wait(deadline - Date.now());
        continue;
      }
      // The scale left to try the network; it comes back (like the server, the kit still sends
      // the network until the scale reports it).
      const next = await this.nextConnection(deadline - Date.now());
      if (next) await this.admit(next);
    }
    const status = reported();
    await this.wifiOnce(ssid);
    // As the server does once it has the STATUS: the network is not sent again until the owner
    // sets WiFi again.
    this.settings.wifi_ssid = '';
    this.settings.wifi_password = '';
    if (status) {
      this.judge(
        'wifi-failed',
        'PASS',
        `STATUS { wifi: "failed", ssid: "${ssid}" } after ${seconds(status.at - sent)}`,
      );
    } else {
      this.judge(
        'wifi-failed',
        'FAIL',
        `no STATUS { wifi: "failed", ssid: "${ssid}" } within ${seconds(this.timings.wifiTimeoutMs)}`,
      );
    }
  }

  /**
   * A server that has not heard the STATUS yet still sends the failed network in the WELCOME
   * after a reconnect: the scale must not try it again (no second STATUS, no leaving).
   */
  private async wifiOnce(ssid: string): Promise<void> {
    this.conn?.drop();
    const next = await this.nextConnection(this.timings.reconnectTimeoutMs);
    if (!next || !(await this.admit(next))) {
      this.judge(
        'wifi-once',
        'FAIL',
        `did not connect again within ${seconds(this.timings.reconnectTimeoutMs)}`,
      );
      return;
    }
    const from = next.heard.length;
    const until = Date.now() + this.timings.wifiRetryWindowMs;
    while (next.open && Date.now() < until) await next.wait(until - Date.now());
    const again = next.heard
      .slice(from)
      .some((h) => h.message.type === 'STATUS' && h.message.ssid === ssid);
    const problem = !next.open
      ? 'left the connection to try it again'
      : again
        ? 'tried it again and reported it again'
        : '';
    this.judge(
      'wifi-once',
      problem ? 'FAIL' : 'PASS',
      problem
        ? `a WELCOME still carrying "${ssid}": ${problem}`
        : `a WELCOME still carrying "${ssid}": not tried again within ${seconds(this.timings.wifiRetryWindowMs)}`,
    );
  }

  /**
   * Drops the connection three times without a close (as a WiFi hiccup does), each time as
   * soon as the scale is back: its first HELLO must carry its key, and the waits must grow.
   */
  private async keyAndBackoff(): Promise<void> {
    let dropped = Date.now();
    this.conn!.drop();
    const gaps: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const next = await this.nextConnection(this.timings.reconnectTimeoutMs);
      if (!next) break;
      gaps.push(next.openedAt - dropped);
      const hello = await this.hello(next);
      if (attempt === 0) {
        const key = hello?.message.key;
        if (key === this.key)
          this.judge('key', 'PASS', 'the HELLO after a drop carried the key from WELCOME');
        else
          this.judge(
            'key',
            'FAIL',
            key === undefined
              ? 'the HELLO after a drop carried no key'
              : 'the HELLO after a drop carried another key',
          );
      }
      if (attempt < 2) {
        dropped = Date.now();
        next.drop();
      } else {
        await this.admit(next, hello);
      }
    }
    if (!this.results.has('key')) this.judge('key', 'FAIL', 'did not connect again after a drop');
    this.firstBackoffMs = gaps[0] ?? null;
    const shown = gaps.map((g) => seconds(g)).join(', ');
    if (gaps.length < 3) {
      this.judge(
        'backoff',
        'FAIL',
        `did not connect again within ${seconds(this.timings.reconnectTimeoutMs)} (waits: ${shown || 'none'})`,
      );
      return;
    }
    const floor = this.timings.backoffFloorMs;
    const problems = [
      gaps.some((g) => g < floor) ? `a wait shorter than ${seconds(floor)}` : '',
      gaps[2]! < gaps[0]! * 1.5 ? 'the waits did not grow' : '',
    ].filter(Boolean);
    this.judge(
      'backoff',
      problems.length ? 'FAIL' : 'PASS',
      `waits after three drops: ${shown}${problems.length ? `: ${problems.join(', ')}` : ''}`,
    );
  }

  private async retryAfter(): Promise<void> {
    const conn = this.conn!;
    const retryAfter = this.timings.retryAfterS;
    conn.send({ type: 'REJECT', error: 'Server error; connect again', retryAfter });
    const refused = Date.now();
    conn.socket.close(1008, 'Server error; connect again');
    const next = await this.nextConnection(retryAfter * 1000 + this.timings.reconnectTimeoutMs);
    if (!next) {
      this.judge(
        'retry-after',
        'FAIL',
        `did not connect again within ${seconds(retryAfter * 1000 + this.timings.reconnectTimeoutMs)}`,
      );
      return;
    }
    const waited = next.openedAt - refused;
    // A little slack for the kit's own clock and the close handshake.
    const ok = waited >= retryAfter * 1000 - 100;
    this.judge(
      'retry-after',
      ok ? 'PASS' : 'FAIL',
      `REJECT with retryAfter ${retryAfter}: connected again after ${seconds(waited)}`,
    );
    await this.admit(next);
  }

  /**
   * STATUS { calibrated }: the kit asks the person at the scale (its display says so) to
   * calibrate with a known weight. A scale that cannot calibrate itself gets MANUAL. Then
   * calibration_factor: the kit doubles the reported factor (the standing weight must read
   * half) and sets the reported one back, so the scale leaves the run calibrated as it was.
   */
  private async calibration(): Promise<void> {
    const conn = this.conn!;
    const asked = Date.now();
    this.log(`the scale shows "${CALIBRATE_TEXT}": calibrate it now`);
    conn.send({ type: 'DISPLAY', phase: 'IDLE', text: CALIBRATE_TEXT });
    const from = conn.heard.length;
    const status = await conn.next(
      (m) => m.type === 'STATUS' && 'calibrated' in m,
      this.timings.calibrationWindowMs,
      from,
    );
    conn.send({ type: 'DISPLAY', phase: 'IDLE', text: 'Conformance kit: connected' });
    const factor = status?.message.calibrated;
    if (!status) {
      this.judge(
        'calibrated',
        'MANUAL',
        `no STATUS { calibrated } within ${seconds(this.timings.calibrationWindowMs)}: a scale that calibrates itself must send its new factor`,
      );
    } else if (
      typeof factor !== 'number' ||
      !Number.isFinite(factor) ||
      Math.abs(factor) < CALIBRATION_FACTOR.minMagnitude ||
      factor < CALIBRATION_FACTOR.min ||
      factor > CALIBRATION_FACTOR.max
    ) {
      this.judge(
        'calibrated',
        'FAIL',
        `STATUS { calibrated: ${JSON.stringify(factor)} }: not a factor the server takes`,
      );
    } else {
      this.calibratedFactor = factor;
      this.judge(
        'calibrated',
        'PASS',
        `STATUS { calibrated: ${factor} } after ${seconds(status.at - asked)}`,
      );
    }

    const known = this.calibratedFactor;
    if (known === null) {
      this.judge(
        'calibration-factor',
        'MANUAL',
        'not tried: without the factor from STATUS { calibrated } the kit could not set yours back; set calibration_factor on the settings page and check the readings',
      );
      return;
    }
    // At the factor, twice and four times it: the standing weight reads w, w/2 and w/4 (plus
    // any offset the scale adds, which the differences leave out): w/2 = 2 x w/4.
    const readings: (number | null)[] = [];
    for (const times of [1, 2, 4]) {
      if (times > 1) {
        const factor = Math.round(known * times * 100) / 100;
        await this.setting(conn, { calibration_factor: String(factor) });
        await sleep(this.timings.settleMs);
      }
      readings.push(await this.median(conn));
    }
    await this.setting(conn, { calibration_factor: String(known) });
    const [once, twice, fourTimes] = readings;
    if (once == null || twice == null || fourTimes == null) {
      this.judge('calibration-factor', 'FAIL', 'no readings to measure');
      return;
    }
    const firstStep = once - twice;
    const secondStep = twice - fourTimes;
    const heavyEnough = Math.abs(firstStep) >= 10;
    const ok =
      heavyEnough &&
      Math.abs(firstStep - 2 * secondStep) <=
        Math.max(TOLERANCE_G, Math.abs(firstStep) * FACTOR_TOLERANCE);
    this.judge(
      'calibration-factor',
      ok ? 'PASS' : 'FAIL',
      `${heavyEnough ? '' : 'leave a weight on the platform: '}the standing weight read ${once.toFixed(1)} g at factor ${known}, ${twice.toFixed(1)} g at twice and ${fourTimes.toFixed(1)} g at four times that (steps ${firstStep.toFixed(1)} g and ${secondStep.toFixed(1)} g: the first must be twice the second)`,
    );
  }

  /** SETTINGS with these values changed, ACKed (not judged). */
  private async setting(conn: KitConnection, change: Record<string, string>): Promise<void> {
    Object.assign(this.settings, change);
    const message = {
      type: 'SETTINGS',
      cmdId: this.cmdId('settings'),
      settings: { ...this.settings },
    };
    conn.send(message);
    await this.acks(conn, message.cmdId, 1);
  }

  /**
   * A 1.0 server (its WELCOME says no `minor`) sends a network that cannot be joined: the scale
   * tries it and must not tell with STATUS, which a 1.0 server refuses. The kit then welcomes it
   * as 1.1 again without the network.
   */
  private async oldServer(): Promise<void> {
    const started = Date.now();
    this.settings.wifi_ssid = this.unreachableSsid;
    this.settings.wifi_password = 'conformance-pass';
    this.conn!.drop();
    const first = await this.nextConnection(this.timings.reconnectTimeoutMs);
    if (!first || !(await this.admit(first, undefined, { oldServer: true }))) return;
    // The scale leaves to try the network and comes back (the kit stays a 1.0 server); a
    // simulated scale that tries without leaving is given the whole time.
    const deadline = Date.now() + this.timings.wifiTimeoutMs;
    let back = false;
    while (Date.now() < deadline && !back) {
      const conn = this.conn!;
      if (conn.open) {
        await conn.wait(deadline - Date.now());
        continue;
      }
      const next = await this.nextConnection(deadline - Date.now());
      if (next && (await this.admit(next, undefined, { oldServer: true }))) {
        back = true;
        await sleep(this.timings.settleMs);
      }
    }
    const told = this.server.connections
      .filter((c) => this.oldServerConnections.has(c.id))
      .flatMap((c) => c.heard)
      .filter((h) => h.at >= started && h.message.type === 'STATUS');
    this.judge(
      'status-minor',
      told.length ? 'FAIL' : 'PASS',
      told.length
        ? `sent ${told.length} STATUS to a server whose WELCOME said no minor (a 1.0 server refuses the type)`
        : `no STATUS to a 1.0 server after a network it could not join${back ? '' : ' (it did not leave the connection to try it)'}`,
    );
    // Back to a 1.1 server that sends no network.
    this.settings.wifi_ssid = '';
    this.settings.wifi_password = '';
    this.conn?.drop();
    const next = await this.nextConnection(this.timings.reconnectTimeoutMs);
    if (next) await this.admit(next);
  }

  /**
   * Six drops, each as soon as the scale was welcomed again: WELCOME resets the back-off, so
   * every wait is about the first one (a scale that kept counting waits 1, 2, 4 ... times as
   * long); and the waits differ, by the random part.
   */
  private async resetAndJitter(): Promise<void> {
    const gaps: number[] = [];
    for (let i = 0; i < RESET_DROPS; i += 1) {
      const dropped = Date.now();
      this.conn!.drop();
      const next = await this.nextConnection(this.timings.reconnectTimeoutMs);
      if (!next) break;
      gaps.push(next.openedAt - dropped);
      if (!(await this.admit(next))) break;
      // A wait that already grew settles the case: no need to wait for it to grow further.
      if (this.firstBackoffMs !== null && gaps.at(-1)! > this.firstBackoffMs * GREW) break;
    }
    const shown = gaps.map((g) => `${g} ms`).join(', ');
    const first = this.firstBackoffMs;
    const grew = first !== null && gaps.some((g) => g > first * GREW);
    if ((gaps.length < RESET_DROPS && !grew) || first === null) {
      const detail = `did not connect again within ${seconds(this.timings.reconnectTimeoutMs)} (waits: ${shown || 'none'})`;
      this.judge('backoff-reset', 'FAIL', detail);
      this.judge('jitter', 'MANUAL', `not judged: ${detail}`);
      return;
    }
    // Each wait is the first one again: a quarter at random on top, and some timing noise. A
    // back-off that kept counting waits at least twice as long, then four times.
    const longest = Math.max(...gaps);
    const reset = longest <= Math.max(first * GREW, this.timings.backoffFloorMs);
    this.judge(
      'backoff-reset',
      reset ? 'PASS' : 'FAIL',
      `waits after ${RESET_DROPS} drops, each after a WELCOME: ${shown} (the first wait after a drop was ${first} ms)${reset ? '' : ': longer, so WELCOME did not reset the back-off'}`,
    );
    if (!reset || Math.min(...gaps) < this.timings.backoffFloorMs) {
      const why = reset ? 'no back-off to measure' : 'the waits did not start again from the first';
      this.judge('jitter', 'MANUAL', `not judged: ${why} (${shown})`);
      return;
    }
    const middle = [...gaps].sort((x, y) => x - y).slice(1, -1);
    const median = middle[Math.floor(middle.length / 2)]!;
    const spread = (middle.at(-1)! - middle[0]!) / median;
    const random = spread >= JITTER_SPREAD;
    this.judge(
      'jitter',
      random ? 'PASS' : 'FAIL',
      `waits ${shown}: without the longest and the shortest ${(spread * 100).toFixed(1)} % apart${random ? '' : `, less than ${JITTER_SPREAD * 100} %: no random part`}`,
    );
  }

  /** The kit goes silent (a half-open link): the scale must give the link up and come back. */
  private async deadLink(): Promise<void> {
    const conn = this.conn!;
    const silent = Date.now();
    conn.silence();
    const next = await this.nextConnection(this.timings.deadLinkWindowMs);
    conn.drop();
    // Not this one any more (its close event comes later): the next stage waits for the scale.
    this.conn = null;
    if (!next) {
      this.judge(
        'dead-link',
        'FAIL',
        `still on the silent connection after ${seconds(this.timings.deadLinkWindowMs)}`,
      );
      return;
    }
    this.judge(
      'dead-link',
      'PASS',
      `connected again ${seconds(next.openedAt - silent)} after the kit fell silent`,
    );
    await this.admit(next);
  }

  /** "Key in use": the scale shows it (MANUAL) and comes back after retryAfter. */
  private async keyInUse(): Promise<void> {
    const conn = this.conn!;
    const retryAfter = this.timings.retryAfterS;
    const { error } = DEVICE_REJECTS.keyInUse;
    conn.send({ type: 'REJECT', error, retryAfter });
    const refused = Date.now();
    conn.socket.close(1008, error);
    const window = retryAfter * 1000 + this.timings.reconnectTimeoutMs;
    const next = await this.nextConnection(window);
    if (!next) {
      this.judge('key-in-use', 'FAIL', `did not connect again within ${seconds(window)}`);
      return;
    }
    this.judge(
      'key-in-use',
      'MANUAL',
      `the scale must have shown "Key in use by another scale" (not the server's text) until it connected again, after ${seconds(next.openedAt - refused)}`,
    );
    await this.admit(next);
  }

  /** REJECT "Message too large" has no retryAfter and ends with 1009: the scale stays away. */
  private async finalReject(): Promise<void> {
    const conn = this.conn!;
    const { error } = DEVICE_REJECTS.messageTooLarge;
    conn.send({ type: 'REJECT', error });
    const refused = Date.now();
    conn.socket.close(1009, error);
    const next = await this.nextConnection(this.timings.finalWindowMs);
    if (next) {
      this.judge(
        'final-reject',
        'FAIL',
        `connected again ${seconds(next.openedAt - refused)} after REJECT "${error}" without retryAfter`,
      );
      next.socket.close(1000, 'conformance run finished');
    } else {
      this.judge(
        'final-reject',
        'PASS',
        `stayed away for ${seconds(this.timings.finalWindowMs)} after REJECT "${error}" without retryAfter (it must show the error)`,
      );
    }
    this.conn = null;
  }

  private judgePairingQuiet(): void {
    if (this.pairingCodes.length === 0) return;
    if (this.pairingNoise.length) {
      this.judge(
        'pairing-quiet',
        'FAIL',
        `sent while showing a code: ${this.pairingNoise.join('; ')}`,
      );
    } else {
      this.judge(
        'pairing-quiet',
        'PASS',
        `${this.pairingCodes.length} pairing codes shown: nothing but PING/PONG meanwhile`,
      );
    }
  }

  private judgeHello(): void {
    const slowest = Math.max(0, ...this.helloTimes);
    const detail = `${this.helloTimes.length} connections, the slowest HELLO after ${slowest} ms`;
    if (this.helloProblems.length) this.judge('hello', 'FAIL', this.helloProblems.join('; '));
    else this.judge('hello', 'PASS', detail);
  }

  /** The pairing codes the kit showed, for the MANUAL case. */
  get codes(): readonly string[] {
    return this.pairingCodes;
  }

  // --- measuring --------------------------------------------------------------------------

  /** The median reading over the measuring window (null without readings). */
  private async median(conn: KitConnection): Promise<number | null> {
    const from = Date.now();
    await sleep(this.timings.measureMs);
    const grams = conn.heard
      .filter((h) => h.at >= from && isWeight(h))
      .map((h) => h.message.grams as number)
      .sort((a, b) => a - b);
    if (grams.length === 0) return null;
    return grams[Math.floor(grams.length / 2)]!;
  }

  /** How many ACKs for `cmdId` came, waiting until `expected` or the timeout. */
  private async acks(conn: KitConnection, cmdId: string, expected: number): Promise<number> {
    const count = () =>
      conn.heard.filter((h) => h.message.type === 'ACK' && h.message.cmdId === cmdId).length;
    const deadline = Date.now() + this.timings.ackTimeoutMs;
    while (count() < expected && Date.now() < deadline && conn.open) {
      await conn.wait(deadline - Date.now());
    }
    return count();
  }
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
