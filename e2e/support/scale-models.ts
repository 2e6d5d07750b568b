/**
 * Behavioural models of the Bluetooth LE scales beerscale has drivers for, driven through
 * Chromium's Bluetooth emulation (bluetooth-emulation.ts). Each behaves as its maker or the
 * public protocol descriptions say (docs/BLUETOOTH.md): it answers writes, sends no weight
 * before its handshake and drops the link when its heartbeat stops. A driver that skips what the
 * real scale needs shows no weight here, or loses the link.
 *
 * The frames are built here from the protocol facts, independently of the web drivers.
 */

export const uuid16 = (n: number) =>
  `0000${n.toString(16).padStart(4, '0')}-0000-1000-8000-00805f9b34fb`;

export interface ScaleProfile {
  address: string;
  name: string;
  /** Full lower-case UUIDs. */
  service: string;
  notify: string;
  /** May be the notify characteristic itself (Acaia's older generation, Felicita). */
  write?: string;
}

export abstract class ScaleModel {
  /** What stands on the platform, in grams. */
  protected load = 0;
  /** What the scale subtracts since its last tare. */
  protected tareOffset = 0;
  readonly writes: number[][] = [];
  /** When the current link came up (ms since epoch); null while disconnected. */
  protected connectedAt: number | null = null;

  constructor(readonly profile: ScaleProfile) {}

  /** The link came up (GATT connection): a fresh scale session. */
  connected(now: number): void {
    this.connectedAt = now;
    this.tareOffset = 0;
    this.onConnect();
  }

  disconnected(): void {
    this.connectedAt = null;
  }

  written(bytes: number[], now: number): void {
    this.writes.push(bytes);
    this.onWrite(bytes, now);
  }

  /** The notification the scale sends for what stands on it now, or null while it sends none. */
  notification(grams: number): number[] | null {
    this.load = grams;
    if (!this.sending()) return null;
    return this.frame(Math.round((this.load - this.tareOffset) * 100) / 100);
  }

  /**
   * The notifications that carry that frame, in order: one, unless the scale splits its messages
   * over several (the older Acaia generation).
   */
  notifications(grams: number): number[][] | null {
    const frame = this.notification(grams);
    return frame && this.split(frame);
  }

  protected split(frame: number[]): number[][] {
    return [frame];
  }

  /** When the scale drops the link unless written to again; null when it keeps it. */
  deadline(): number | null {
    return null;
  }

  protected tare(): void {
    this.tareOffset = this.load;
  }

  protected onConnect(): void {}
  protected onWrite(_bytes: number[], _now: number): void {}
  /** Whether the scale sends weights yet (false until its handshake). */
  protected sending(): boolean {
    return true;
  }
  protected abstract frame(grams: number): number[];
}

const xor = (bytes: number[]) => bytes.reduce((x, b) => x ^ b, 0);
const same = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const hex = (bytes: number[]) => bytes.map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Decent Scale / Half Decent Scale: sends no weight until the app wrote a command; drops the
 * link `heartbeatTimeoutMs` (the maker's 5 s) after the last heartbeat `03 0A 03 FF FF 00 0A`,
 * unless the LED-on or tare command opted out with 01 as its last data byte.
 */
export class DecentModel extends ScaleModel {
  private spokenTo = false;
  private optedOut = false;
  private lastBeat = 0;
  heartbeats = 0;

  constructor(
    profile: Partial<ScaleProfile> = {},
    private readonly options: { heartbeatTimeoutMs?: number } = {},
  ) {
    super({
      address: '09:09:09:09:09:03',
      name: 'Decent Scale',
      service: uuid16(0xfff0),
      notify: uuid16(0xfff4),
      write: uuid16(0x36f5),
      ...profile,
    });
  }

  protected override onConnect(): void {
    this.spokenTo = false;
    this.optedOut = false;
    this.lastBeat = this.connectedAt ?? 0;
  }

  protected override onWrite(bytes: number[], now: number): void {
    if (bytes.length !== 7 || bytes[0] !== 0x03 || xor(bytes.slice(0, 6)) !== bytes[6]) return;
    this.spokenTo = true;
    if (same(bytes, [0x03, 0x0a, 0x03, 0xff, 0xff, 0x00, 0x0a])) {
      this.heartbeats += 1;
      this.lastBeat = now;
      return;
    }
    const ledOrTare = bytes[1] === 0x0a || bytes[1] === 0x0f;
    if (ledOrTare && bytes[5] === 0x01) this.optedOut = true;
    if (bytes[1] === 0x0f) this.tare();
  }

  protected override sending(): boolean {
    return this.spokenTo;
  }

  override deadline(): number | null {
    if (this.connectedAt === null || this.optedOut) return null;
    return this.lastBeat + (this.options.heartbeatTimeoutMs ?? 5000);
  }

  protected frame(grams: number): number[] {
    const tenths = Math.round(grams * 10) & 0xffff;
    const b = [0x03, 0xce, tenths >> 8, tenths & 0xff, 0x00, 0x00];
    return [...b, xor(b)];
  }
}

const acaiaSums = (payload: number[]) =>
  payload.reduce<[number, number]>(
    ([even, odd], byte, i) =>
      i % 2 === 0 ? [(even + byte) & 0xff, odd] : [even, (odd + byte) & 0xff],
    [0, 0],
  );
const acaiaMessage = (cmd: number, payload: number[]) => [
  0xef,
  0xdd,
  cmd,
  ...payload,
  ...acaiaSums(payload),
];

/**
 * Acaia: sends nothing until identified (cmd 0B) and asked for notifications (cmd 0C); drops
 * the link `timeoutMs` after the last heartbeat (cmd 00 `02 00`). The newer generation (service
 * 49535343…) also drops it when the identify is not repeated within that time. Messages whose
 * checksums do not fit are ignored, as the scale ignores them. The older generation splits a
 * weight event over two notifications, `EF DD 0C` and the ten bytes behind it (the 10-byte
 * packets AcaiaArduinoBLE reads from a pre-2021 Lunar); the newer one sends it whole.
 */
export class AcaiaModel extends ScaleModel {
  private identifiedAt: number | null = null;
  private notifying = false;
  private lastBeat = 0;
  heartbeats = 0;

  constructor(
    profile: Partial<ScaleProfile> = {},
    private readonly options: { generation?: 'new' | 'old'; timeoutMs?: number } = {},
  ) {
    const old = options.generation === 'old';
    super({
      address: '09:09:09:09:09:05',
      name: old ? 'PROCHBT001' : 'LUNAR-2021',
      service: old ? uuid16(0x1820) : '49535343-fe7d-4ae5-8fa9-9fafd205e455',
      notify: old ? uuid16(0x2a80) : '49535343-1e4d-4bd9-ba61-23c647249616',
      write: old ? uuid16(0x2a80) : '49535343-8841-43f4-a8d4-ecbe34729bb3',
      ...profile,
    });
  }

  private get timeout(): number {
    return this.options.timeoutMs ?? 5000;
  }

  protected override onConnect(): void {
    this.identifiedAt = null;
    this.notifying = false;
    this.lastBeat = this.connectedAt ?? 0;
  }

  protected override onWrite(bytes: number[], now: number): void {
    if (bytes.length < 5 || bytes[0] !== 0xef || bytes[1] !== 0xdd) return;
    const payload = bytes.slice(3, -2);
    if (hex(acaiaSums(payload)) !== hex(bytes.slice(-2))) return;
    const cmd = bytes[2];
    if (cmd === 0x0b && payload.length === 15) this.identifiedAt = now;
    if (cmd === 0x0c && this.identifiedAt !== null && payload[1] === 0x00) this.notifying = true;
    if (cmd === 0x00 && hex(payload) === '0200') {
      this.heartbeats += 1;
      this.lastBeat = now;
    }
    if (cmd === 0x04 && hex(payload) === '00') this.tare();
  }

  protected override sending(): boolean {
    return this.identifiedAt !== null && this.notifying;
  }

  override deadline(): number | null {
    if (this.connectedAt === null) return null;
    const beat = this.lastBeat + this.timeout;
    if (this.options.generation === 'old') return beat;
    return Math.min(beat, (this.identifiedAt ?? this.connectedAt) + this.timeout);
  }

  protected override split(frame: number[]): number[][] {
    if (this.options.generation !== 'old') return [frame];
    return [frame.slice(0, 3), frame.slice(3)];
  }

  /** Weight event 05: value LE in hundredths (4 bytes), 2 decimals, flags (b1 negative). */
  protected frame(grams: number): number[] {
    const raw = Math.round(Math.abs(grams) * 100);
    const value = [raw & 0xff, (raw >> 8) & 0xff, (raw >> 16) & 0xff, (raw >>> 24) & 0xff];
    return acaiaMessage(0x0c, [0x08, 0x05, ...value, 0x02, grams < 0 ? 0x02 : 0x00]);
  }
}

/**
 * Felicita Arc / Incline / Parallel: ASCII frames from subscription on; `T` tares. The frame is
 * the published capture of a real Arc's: `01 02`, sign, six digits, a space and the unit `g`
 * (bytes 9-10), status bytes `S O 0 "`, the battery (129-158), `0D 0A`.
 */
export class FelicitaModel extends ScaleModel {
  constructor(profile: Partial<ScaleProfile> = {}) {
    super({
      address: '09:09:09:09:09:06',
      name: 'FELICITA',
      service: uuid16(0xffe0),
      notify: uuid16(0xffe1),
      write: uuid16(0xffe1),
      ...profile,
    });
  }

  protected override onWrite(bytes: number[]): void {
    if (same(bytes, [0x54])) this.tare();
  }

  protected frame(grams: number): number[] {
    const digits = String(Math.round(Math.abs(grams) * 100)).padStart(6, '0');
    const text = `${grams < 0 ? '-' : '+'}${digits} gSO0"`;
    const battery = 137;
    return [0x01, 0x02, ...[...text].map((c) => c.charCodeAt(0)), battery, 0x0d, 0x0a];
  }
}

/**
 * Chipsea / OKOK kitchen scales in the three layouts descriptions of real units give; all send
 * from subscription on and have no tare command.
 * - `attribute`: `CA 10 len attr 00 hi lo xor` (sign, 1 decimal, stable in attr; XOR zero);
 * - `whole-grams` (a probe of a Chipsea-BLE unit): bytes 5-6 whole grams, byte 2 = 02 negative;
 * - `tenths` (smartchef as Beanconqueror reads it): bytes 5-6 tenths, byte 3 above 10 negative.
 * The bytes a layout's description does not read are placeholders.
 */
export class ChipseaModel extends ScaleModel {
  constructor(
    readonly layout: 'attribute' | 'whole-grams' | 'tenths',
    profile: Partial<ScaleProfile> = {},
  ) {
    super({
      address: {
        attribute: '09:09:09:09:09:02',
        'whole-grams': '09:09:09:09:09:07',
        tenths: '09:09:09:09:09:08',
      }[layout],
      name: layout === 'tenths' ? 'smartchef' : 'Chipsea-BLE',
      service: uuid16(0xfff0),
      notify: uuid16(0xfff1),
      ...profile,
    });
  }

  protected frame(grams: number): number[] {
    if (this.layout === 'whole-grams') {
      const raw = Math.round(Math.abs(grams));
      return [0xca, 0x0b, grams < 0 ? 0x02 : 0x01, 0x00, 0x00, raw >> 8, raw & 0xff, 0x00];
    }
    const tenths = Math.round(Math.abs(grams) * 10);
    if (this.layout === 'tenths') {
      return [0xac, 0x02, 0x03, grams < 0 ? 0x11 : 0x00, 0x00, tenths >> 8, tenths & 0xff, 0x00];
    }
    const attr = (grams < 0 ? 0x80 : 0) | 0b011;
    const b = [0xca, 0x10, 0x07, attr, 0x00, (tenths >> 8) & 0xff, tenths & 0xff];
    return [...b, xor(b.slice(1))];
  }
}

/** Etekcity ESN00: measurement frames from subscription on; SET_TARE (C1) zeroes it. */
export class EtekcityModel extends ScaleModel {
  constructor(profile: Partial<ScaleProfile> = {}) {
    super({
      address: '09:09:09:09:09:04',
      name: 'Etekcity Nutrition Scale',
      service: uuid16(0x1910),
      notify: uuid16(0x2c12),
      write: uuid16(0x2c11),
      ...profile,
    });
  }

  protected override onWrite(bytes: number[]): void {
    if (hex(bytes.slice(0, 5)) === 'feefc0a2c1') this.tare();
  }

  /** `FE EF C0 A2 D0 05 sign hi lo unit(00 g, tenths) settled sum` */
  protected frame(grams: number): number[] {
    const raw = Math.round(Math.abs(grams) * 10);
    const body = [0xd0, 0x05, grams < 0 ? 1 : 0, raw >> 8, raw & 0xff, 0x00, 0x01];
    return [0xfe, 0xef, 0xc0, 0xa2, ...body, body.reduce((a, b) => a + b, 0) & 0xff];
  }
}

/** Bookoo Themis: 20-byte frames from subscription on; `03 0A 01 00 00 08` tares. */
export class BookooModel extends ScaleModel {
  constructor(profile: Partial<ScaleProfile> = {}) {
    super({
      address: '09:09:09:09:09:09',
      name: 'BOOKOO_SC 1234',
      service: uuid16(0x0ffe),
      notify: uuid16(0xff11),
      write: uuid16(0xff12),
      ...profile,
    });
  }

  protected override onWrite(bytes: number[]): void {
    if (hex(bytes) === '030a01000008') this.tare();
  }

  protected frame(grams: number): number[] {
    const raw = Math.round(Math.abs(grams) * 100);
    const b = new Array<number>(19).fill(0);
    b[0] = 0x03;
    b[1] = 0x0b;
    b[6] = grams < 0 ? 0x2d : 0x2b;
    b[7] = (raw >> 16) & 0xff;
    b[8] = (raw >> 8) & 0xff;
    b[9] = raw & 0xff;
    b[13] = 80;
    return [...b, xor(b)];
  }
}

/** Timemore Black Mirror: `10` + int32 LE tenths (twice) from subscription on; `00` tares. */
export class TimemoreModel extends ScaleModel {
  constructor(profile: Partial<ScaleProfile> = {}) {
    super({
      address: '09:09:09:09:09:0A',
      name: 'TIMEMORE Black Mirror',
      service: uuid16(0x181d),
      notify: uuid16(0x2a9d),
      write: '553f4e49-bf21-4468-9c6c-0e4fb5b17697',
      ...profile,
    });
  }

  protected override onWrite(bytes: number[]): void {
    if (hex(bytes) === '00') this.tare();
  }

  protected frame(grams: number): number[] {
    const buffer = Buffer.alloc(9);
    buffer[0] = 0x10;
    buffer.writeInt32LE(Math.round(grams * 10), 1);
    buffer.writeInt32LE(Math.round(grams * 10), 5);
    return [...buffer];
  }
}

/** The standard Weight Scale service: Weight Measurement in 5 g steps, no commands. */
export class WeightScaleModel extends ScaleModel {
  constructor(profile: Partial<ScaleProfile> = {}) {
    super({
      address: '09:09:09:09:09:0B',
      name: 'Body Scale',
      service: uuid16(0x181d),
      notify: uuid16(0x2a9d),
      ...profile,
    });
  }

  protected frame(grams: number): number[] {
    const raw = Math.round(Math.max(0, grams) / 5);
    return [0x00, raw & 0xff, raw >> 8];
  }
}
