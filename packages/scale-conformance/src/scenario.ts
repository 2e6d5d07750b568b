import { randomBytes, randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DEVICE_PROTOCOL_MINOR,
  DEVICE_PROTOCOL_VERSION,
  WIFI_FAILED,
} from '@beerscale/contract/device-socket';
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
const GAME_ID = 9001;
const PLAYERS = [
  { id: 1, name: 'Anna', position: 0 },
  { id: 2, name: 'Ben', position: 1 },
];
/** The pages a scale shows during a game, in the order a game goes (DISPLAY phases). */
export const DISPLAY_PAGES = [
  { phase: 'IDLE', text: 'Conformance: waiting for the leader to start' },
  { phase: 'INITIAL_WEIGHING', player: 'Anna', text: 'Anna: put your full bottle on the scale' },
  { phase: 'DRINKING', player: 'Anna', target: 431, text: 'Anna: drink down to 431 g' },
  {
    phase: 'SCORING',
    player: 'Ben',
    target: 431,
    text: 'Anna: 433 g, off by 2 g. Ben: put your bottle on the scale',
  },
  { phase: 'FINISHED', text: 'Conformance game finished: Anna wins' },
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
  private readonly helloProblems: string[] = [];
  private pairingCodes: string[] = [];
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
      ['display pages', () => this.displayPages()],
      ['failed WiFi', () => this.wifi()],
      ['key and back-off', () => this.keyAndBackoff()],
      ['REJECT with retryAfter', () => this.retryAfter()],
    ];
    for (const [name, stage] of stages) {
      if (!(await this.live())) break;
      this.log(`stage: ${name}`);
      await stage();
    }
    this.judgeHello();
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

  /** HELLO, then WELCOME: with the key it was given; otherwise a pairing code first. */
  private async admit(conn: KitConnection, heard?: Heard | null): Promise<boolean> {
    const hello = heard === undefined ? await this.hello(conn) : heard;
    if (!hello || !conn.open) return false;
    let newKey: string | undefined;
    if (!this.key || hello.message.key !== this.key) {
      const code = String(randomInt(1_000_000)).padStart(6, '0');
      this.pairingCodes.push(code);
      this.log(`PAIRING: the scale must now show the code ${code}`);
      conn.send({ type: 'PAIRING', code, expiresIn: 600 });
      await conn.wait(this.timings.pairingHoldMs);
      if (!conn.open) return false;
      newKey = randomBytes(24).toString('base64url');
      this.key = newKey;
    }
    conn.send({
      type: 'WELCOME',
      ...(newKey ? { key: newKey } : {}),
      protocol: DEVICE_PROTOCOL_VERSION,
      minor: DEVICE_PROTOCOL_MINOR,
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
    // About 10 Hz: at least half that, and never more than the server uses on average (12);
    // a second of up to 15 is let pass, since the kit times frames as they arrive, as the
    // server does, and a busy network delivers some together.
    const ok = conn.open && malformed === 0 && perSecond >= 5 && perSecond <= 12 && busiest <= 15;
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
    if (status) {
      // As the server does: the network is not sent again until the owner sets WiFi again.
      this.settings.wifi_ssid = '';
      this.settings.wifi_password = '';
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
