import { describe, expect, it } from 'vitest';
import { ACAIA_NEW, ACAIA_OLD, acaiaChecksums, acaiaDriver, acaiaMessage } from './acaia';
import { bookooDriver } from './bookoo';
import { xorOf } from './bytes';
import { chipseaDriver } from './chipsea';
import { decentDriver } from './decent';
import { etekcityDriver } from './etekcity';
import { felicitaDriver } from './felicita';
import { driverByName, driversByService, requestDeviceOptions } from './registry';
import { timemoreDriver } from './timemore';
import type { OtherMessage, ScaleDriver, ScaleReading, UnconvertibleReading } from './types';
import { weightScaleServiceDriver } from './weight-scale-service';

const view = (hex: string) => {
  const bytes = Uint8Array.from(hex.match(/[0-9a-f]{2}/gi)!.map((h) => parseInt(h, 16)));
  // An offset into a larger buffer, as a notification's DataView may be.
  const padded = new Uint8Array(bytes.length + 3);
  padded.set(bytes, 3);
  return new DataView(padded.buffer, 3, bytes.length);
};
const decode = (driver: ScaleDriver, hex: string, name = '', state: Record<string, unknown> = {}) =>
  driver.decode(view(hex), { name, layout: driver, state }) as
    (Partial<ScaleReading> & Partial<UnconvertibleReading> & Partial<OtherMessage>) | null;
const hexOf = (bytes: number[]) => bytes.map((b) => b.toString(16).padStart(2, '0')).join('');

describe('Chipsea / OKOK', () => {
  // CA 10 len attr ? hi lo xor; attr: b7 sign, b6..3 unit, b2..1 decimals, b0 stable.
  const frame = (attr: number, raw: number) => {
    const b = [0xca, 0x10, 0x07, attr, 0x00, (raw >> 8) & 0xff, raw & 0xff];
    return hexOf([...b, xorOf(Uint8Array.from(b), 1)]);
  };

  it('reads grams with decimals and the stable flag', () => {
    expect(decode(chipseaDriver, 'ca100703 0004d2 c2'.replace(/ /g, ''))).toEqual({
      grams: 123.4,
      stable: true,
    });
    expect(decode(chipseaDriver, frame(0b000, 5000))).toEqual({ grams: 5000, stable: false });
  });

  it('keeps the sign', () => {
    expect(decode(chipseaDriver, frame(0x80 | 0b010, 50))).toEqual({ grams: -5, stable: false });
  });

  it('converts pounds and millilitres to grams', () => {
    expect(decode(chipseaDriver, frame(0b1001000 | 0b100 | 1, 125))!.grams).toBe(566.99);
    expect(decode(chipseaDriver, frame(0b0110000 | 0b100, 100))!.grams).toBe(453.59);
    expect(decode(chipseaDriver, frame(0b0001000, 250))!.grams).toBe(250);
  });

  it('reads a Chipsea-BLE frame outside the attribute layout as whole grams, byte 2 = 02 negative', () => {
    // A probe of a real Chipsea-BLE kitchen scale: no 10 after CA, no zero XOR.
    expect(decode(chipseaDriver, 'ca0b0100000208 00', 'Chipsea-BLE')).toEqual({ grams: 520 });
    expect(decode(chipseaDriver, 'ca0b0200000010 00', 'Chipsea-BLE')).toEqual({ grams: -16 });
    // A bad checksum no longer hides the frame: it is read the way this name's description says.
    expect(decode(chipseaDriver, 'ca10070300 04d2 c3'.replace(/ /g, ''), 'Chipsea-BLE')).toEqual({
      grams: 1234,
    });
  });

  it('reads a smartchef frame outside the attribute layout as tenths, byte 3 above 10 negative', () => {
    expect(decode(chipseaDriver, 'ac0203000014 6e 00', 'smartchef')).toEqual({ grams: 523 });
    expect(decode(chipseaDriver, 'ac0203110000 32 00', 'smartchef')).toEqual({ grams: -5 });
  });

  it('understands no frame shorter than 7 bytes (the bridge counts and shows those)', () => {
    expect(decode(chipseaDriver, 'ca1007', 'Chipsea-BLE')).toBeNull();
    expect(decode(chipseaDriver, 'ca10070300', 'smartchef')).toBeNull();
  });

  it('weighs up to 5 kg', () => {
    expect(chipseaDriver.capacityGrams('Chipsea-BLE')).toBe(5000);
  });
});

describe('Etekcity ESN00', () => {
  // Real notifications of an ESN00, captured in hertzg/metekcity (research/protocol/notes.txt):
  // one object of about 1079 g, one of about 450 g and a -161 g tare, shown in every unit the
  // scale has. `FE EF C0 A2 D0 05 sign hi lo unit settled sum`.
  const frames = {
    g: { '-523': 'feefc0a2d00501146e000159', 1079: 'feefc0a2d005002a26000126' },
    ml: { 1079: 'feefc0a2d005002a26020128', '-161': 'feefc0a2d00501064a020129' },
    oz: { '38.1': 'feefc0a2d005000ee20601cc', '15.9': 'feefc0a2d005000636060118' },
    lbOz: {
      '2:6.1': 'feefc0a2d005000ee20101c7',
      '0:15.9': 'feefc0a2d005000636010113',
      '-0:5.7': 'feefc0a2d00501023a010114',
    },
    flOz: {
      '38.0': 'feefc0a2d005000ed80301bf',
      '15.8': 'feefc0a2d00500062c03010b',
      '-5.7': 'feefc0a2d00501023a030116',
    },
    milkMl: { 1048: 'feefc0a2d0050028f00401f2' },
    milkFlOz: { '36.9': 'feefc0a2d005000e6a050153' },
  };
  const grams = (hex: string) => {
    const decoded = decode(etekcityDriver, hex);
    return decoded && 'grams' in decoded ? decoded.grams : decoded;
  };

  it('reads grams (tenths) with the sign and the settled flag', () => {
    expect(decode(etekcityDriver, frames.g['-523'])).toEqual({ grams: -523, stable: true });
    expect(grams(frames.g[1079])).toBe(1079);
  });

  it('reads millilitres of water as grams (the scale weighs water at 1 g/ml)', () => {
    expect(grams(frames.ml[1079])).toBe(1079);
    expect(grams(frames.ml['-161'])).toBe(-161);
    // Not settled yet: the flag is shown, the server's engine decides.
    expect(decode(etekcityDriver, 'feefc0a2d005002a26020027')).toEqual({
      grams: 1079,
      stable: false,
    });
  });

  it('converts ounces and pounds:ounces (hundredths of an ounce) to grams', () => {
    // 1 oz = 28.349523125 g; the display shows tenths of an ounce (±1.4 g).
    expect(grams(frames.oz['38.1'])).toBe(1080.12);
    expect(grams(frames.oz['15.9'])).toBe(450.76);
    // lb:oz carries the same total in ounces: 2 lb 6.1 oz = 38.1 oz.
    expect(grams(frames.lbOz['2:6.1'])).toBe(1080.12);
    expect(grams(frames.lbOz['0:15.9'])).toBe(450.76);
    expect(grams(frames.lbOz['-0:5.7'])).toBe(-161.59);
  });

  it('converts fluid ounces of water with the imperial fluid ounce the scale uses', () => {
    // The same 1079 g object reads 38.0 fl oz: 28.4130625 ml each (a US fluid ounce,
    // 29.5735 ml, would have read 36.5).
    expect(grams(frames.flOz['38.0'])).toBe(1079.7);
    expect(grams(frames.flOz['15.8'])).toBe(448.93);
    expect(grams(frames.flOz['-5.7'])).toBe(-161.95);
  });

  it('every convertible unit of the same object agrees with its grams within the display step', () => {
    for (const hex of [
      frames.ml[1079],
      frames.oz['38.1'],
      frames.lbOz['2:6.1'],
      frames.flOz['38.0'],
    ])
      expect(Math.abs((grams(hex) as number) - 1079)).toBeLessThan(1.5);
  });

  it('refuses the milk modes, whose density the scale does not say, as unconvertible', () => {
    expect(decode(etekcityDriver, frames.milkMl[1048])).toEqual({
      unconvertible: 'milk-ml',
    });
    expect(decode(etekcityDriver, frames.milkFlOz['36.9'])).toEqual({
      unconvertible: 'milk-floz',
    });
  });

  it('refuses a bad sum, a wrong header and unknown units; other frames carry no weight', () => {
    expect(decode(etekcityDriver, 'feefc0a2d00501146e000158')).toBeNull();
    expect(decode(etekcityDriver, 'feefc0a3d00501146e000159')).toBeNull();
    // Item on the platform, tare state, the frame after connecting: well-formed, no weight.
    expect(decode(etekcityDriver, 'feefc0a2e40100e5')).toEqual({ other: true });
    expect(decode(etekcityDriver, 'feefc0a2d30100d4')).toEqual({ other: true });
    expect(decode(etekcityDriver, 'feefc0a2d2011df0')).toEqual({ other: true });
    // Unit 0x07 is none the scale has.
    expect(decode(etekcityDriver, 'feefc0a2d0050003e80701c8')).toBeNull();
  });

  it('tares with SET_TARE', () => {
    expect(etekcityDriver.tare!.map((p) => hexOf([...p]))).toEqual(['feefc0a2c10100c2']);
  });
});

describe('Decent Scale', () => {
  it('reads int16 tenths, CE stable and CA not', () => {
    expect(decode(decentDriver, '03ce04d200001b')).toEqual({ grams: 123.4, stable: true });
    expect(decode(decentDriver, '03caffce0000f8')).toEqual({ grams: -5, stable: false });
  });

  it('reads the 10-byte frames of newer firmware', () => {
    const b = [0x03, 0xce, 0x01, 0xf4, 0x00, 0x05, 0x10, 0x00, 0x00];
    expect(decode(decentDriver, hexOf([...b, xorOf(Uint8Array.from(b))]))).toEqual({
      grams: 50,
      stable: true,
    });
  });

  it('refuses a bad checksum and another first byte; other messages carry no weight', () => {
    expect(decode(decentDriver, '03ce04d200001c')).toBeNull();
    expect(decode(decentDriver, '04ce04d200001c')).toBeNull();
    // A button press (03 AA 01 ...) is well-formed, but no weight.
    expect(decode(decentDriver, '03aa01000000a8')).toEqual({ other: true });
  });

  it('turns the LED on at connect (it weighs only once written to) and beats every 4 s', () => {
    expect(decentDriver.handshake!(decentDriver).map((p) => hexOf([...p]))).toEqual([
      '030a0101000009',
    ]);
    expect(decentDriver.heartbeat!.intervalMs).toBeLessThan(5000);
    expect(decentDriver.heartbeat!.packets(decentDriver).map((p) => hexOf([...p]))).toEqual([
      '030a03ffff000a',
    ]);
    expect(decentDriver.capacityGrams('Decent Scale')).toBe(2000);
  });

  it('tares with 03 0F, twice', () => {
    expect(decentDriver.tare!.map((p) => hexOf([...p]))).toEqual([
      '030f000000000c',
      '030f000000000c',
    ]);
  });
});

describe('Bookoo Themis', () => {
  const frame = (sign: number, hundredths: number, battery = 87) => {
    const b = new Array<number>(19).fill(0);
    b[0] = 0x03;
    b[1] = 0x0b;
    b[5] = 0x00;
    b[6] = sign;
    b[7] = (hundredths >> 16) & 0xff;
    b[8] = (hundredths >> 8) & 0xff;
    b[9] = hundredths & 0xff;
    b[13] = battery;
    return hexOf([...b, xorOf(Uint8Array.from(b))]);
  };

  it('reads grams*100 with its sign and the battery, no stable flag', () => {
    expect(decode(bookooDriver, frame(0x2b, 12345))).toEqual({ grams: 123.45, battery: 87 });
    expect(decode(bookooDriver, frame(0x2d, 250))).toEqual({ grams: -2.5, battery: 87 });
  });

  it('refuses a bad checksum, a short frame and another type', () => {
    const good = frame(0x2b, 100);
    expect(decode(bookooDriver, good.slice(0, -2) + '00')).toBeNull();
    expect(decode(bookooDriver, good.slice(0, -4))).toBeNull();
    expect(decode(bookooDriver, '030c' + good.slice(4))).toBeNull();
  });

  it('tares with 03 0A 01', () => {
    expect(hexOf([...bookooDriver.tare![0]!])).toBe('030a01000008');
  });
});

describe('Timemore Black Mirror', () => {
  it('reads 10 then int32 LE tenths, keeping the sign', () => {
    expect(decode(timemoreDriver, '10d2040000d2040000')).toEqual({ grams: 123.4 });
    expect(decode(timemoreDriver, '10ceffffff00000000')).toEqual({ grams: -5 });
  });

  it('refuses another first byte (a standard Weight Measurement) and short frames', () => {
    expect(decode(timemoreDriver, '004200')).toBeNull();
    expect(decode(timemoreDriver, '10d204')).toBeNull();
  });
});

describe('Weight Scale Service 0x181D', () => {
  it('reads 5 g steps and 0.01 lb steps', () => {
    expect(decode(weightScaleServiceDriver, '004200')).toEqual({ grams: 330, stable: true });
    expect(decode(weightScaleServiceDriver, '00a438')).toEqual({ grams: 72500, stable: true });
    expect(decode(weightScaleServiceDriver, '017d00')).toEqual({ grams: 566.99, stable: true });
  });

  it('skips the optional fields the flags announce and needs them present', () => {
    // time stamp (7 bytes) and user id
    expect(decode(weightScaleServiceDriver, '064200' + 'e907010c0000' + '00' + '01')!.grams).toBe(
      330,
    );
    expect(decode(weightScaleServiceDriver, '064200e907')).toBeNull();
  });

  it('reads "measurement unsuccessful" as no weight and refuses reserved flags (a Timemore packet)', () => {
    expect(decode(weightScaleServiceDriver, '00ffff')).toEqual({ other: true });
    expect(decode(weightScaleServiceDriver, '01ffff')).toEqual({ other: true });
    expect(decode(weightScaleServiceDriver, '10d2040000')).toBeNull();
  });
});

describe('registry', () => {
  it('picks the decoder by name, the standard service only by service', () => {
    expect(driverByName('Chipsea-BLE')?.id).toBe('chipsea');
    expect(driverByName('smartchef 500')?.id).toBe('chipsea');
    expect(driverByName('Decent Scale')?.id).toBe('decent');
    expect(driverByName('BOOKOO_SC 1234')?.id).toBe('bookoo');
    expect(driverByName('Timemore Scale')?.id).toBe('timemore');
    expect(driverByName('Etekcity Nutrition Scale')?.id).toBe('etekcity');
    expect(driverByName('Body Scale')).toBeNull();
    expect(driverByName(undefined)).toBeNull();
    expect(driversByService().map((d) => d.id)).toEqual([
      'etekcity',
      'bookoo',
      'weight-scale-service',
    ]);
  });

  it('asks the chooser for every known scale, each service once', () => {
    const options = requestDeviceOptions();
    expect(options.filters).toContainEqual({ namePrefix: 'Chipsea-BLE' });
    expect(options.filters).toContainEqual({ services: [0x181d] });
    expect(options.filters).toContainEqual({ namePrefix: 'PYXIS' });
    expect(options.filters).toContainEqual({ namePrefix: 'FELICITA' });
    expect(options.optionalServices).toEqual([
      0xfff0,
      ACAIA_NEW.service,
      0x1820,
      0xffe0,
      0x1910,
      0x0ffe,
      0x181d,
    ]);
  });
});

describe('Acaia', () => {
  const message = (cmd: number, payload: number[]) => hexOf([...acaiaMessage(cmd, payload)]);
  // event 05: weight LE, decimals, flags (b1 negative, b0 moving)
  const weight = (raw: number, decimals: number, flags: number) =>
    message(0x0c, [
      0x08,
      0x05,
      raw & 0xff,
      (raw >> 8) & 0xff,
      (raw >> 16) & 0xff,
      0,
      decimals,
      flags,
    ]);

  it('frames messages EF DD cmd payload with even and odd sums', () => {
    expect(hexOf([...acaiaMessage(0x00, [0x02, 0x00])])).toBe('efdd0002000200');
    expect(hexOf([...acaiaMessage(0x04, [0x00])])).toBe('efdd04000000');
    expect(acaiaChecksums([0xff, 0x01, 0x02, 0xff])).toEqual([0x01, 0x00]);
  });

  it('identifies and asks for notifications, then beats (the newer ones identify again)', () => {
    const [identify, request] = acaiaDriver.handshake!(ACAIA_NEW).map((p) => hexOf([...p]));
    expect(identify).toBe(
      message(
        0x0b,
        [...'012345678901234'].map((c) => c.charCodeAt(0)),
      ),
    );
    // event list 00 01 01 02 02 05 03 04 behind its length: sums 09+01+02+05+04 = 15, 00+01+02+03 = 06
    expect(request).toBe('efdd0c0900010102020503041506');
    expect(acaiaDriver.heartbeat!.packets(ACAIA_OLD).map((p) => hexOf([...p]))).toEqual([
      'efdd0002000200',
    ]);
    expect(acaiaDriver.heartbeat!.packets(ACAIA_NEW).map((p) => hexOf([...p]))).toEqual([
      identify,
      'efdd0002000200',
    ]);
  });

  it('reads weights of 3 and more bytes with decimals, sign and the stable flag', () => {
    // 1234.5 g: more than 16 bits of tenths
    expect(decode(acaiaDriver, weight(12345, 1, 0))).toEqual({ grams: 1234.5, stable: true });
    expect(decode(acaiaDriver, weight(98765, 2, 0x01))).toEqual({ grams: 987.65, stable: false });
    expect(decode(acaiaDriver, weight(52, 1, 0x02))).toEqual({ grams: -5.2, stable: true });
  });

  // A status message: its length byte 0x11 covers 17 bytes; battery, the unit (05 ounces), ...
  const status = (unit: number) =>
    message(0x08, [0x11, 0x55, unit, 0x00, ...new Array<number>(13).fill(0)]);

  it('converts ounces once a status message says the scale shows them', () => {
    const state = {};
    expect(decode(acaiaDriver, status(0x05), 'PEARL', state)).toEqual({ other: true });
    expect(decode(acaiaDriver, weight(1000, 2, 0), 'PEARL', state)!.grams).toBe(283.5);
  });

  it('refuses a bad checksum or header', () => {
    const good = weight(12345, 1, 0);
    expect(decode(acaiaDriver, good.slice(0, -2) + '00')).toBeNull();
    expect(decode(acaiaDriver, 'eedd' + good.slice(4))).toBeNull();
  });

  // One connection's notifications, decoded in order with the connection's state.
  const stream = (...notifications: string[]) => {
    const state = {};
    return notifications.map((hex) => decode(acaiaDriver, hex, 'PROCHBT001', state));
  };

  it('reassembles a message split over notifications (the older Lunar sends EF DD 0C apart)', () => {
    const w = weight(5234, 1, 0);
    expect(stream(w.slice(0, 6), w.slice(6))).toEqual([
      { other: true },
      { grams: 523.4, stable: true },
    ]);
    // Cut anywhere, the header itself included.
    expect(stream(w.slice(0, 2), w.slice(2, 8), w.slice(8, 18), w.slice(18))).toEqual([
      { other: true },
      { other: true },
      { other: true },
      { grams: 523.4, stable: true },
    ]);
  });

  it('reads every message of a notification that carries several, and keeps a started one', () => {
    const [first, second] = [weight(100, 1, 0x01), weight(2000, 1, 0)];
    expect(stream(status(0x02) + first + second.slice(0, 10), second.slice(10))).toEqual([
      { grams: 10, stable: false },
      { grams: 200, stable: true },
    ]);
  });

  it('counts noise and a broken message as not understood, and finds the next message', () => {
    const good = weight(12345, 1, 0);
    const broken = good.slice(0, -2) + '00';
    expect(stream('0102' + good)).toEqual([{ grams: 1234.5, stable: true }]);
    expect(stream(broken, good)).toEqual([null, { grams: 1234.5, stable: true }]);
    // A length byte that promises more than comes holds the stream only until its bytes came.
    // (4 + 0x40 + 1 = 69 bytes: the fifth notification of 13 completes them.)
    const held = stream('efdd0c40' + good, ...new Array<string>(4).fill(good));
    expect(held.slice(0, 4)).toEqual(new Array(4).fill({ other: true }));
    expect(held[4]).toEqual({ grams: 1234.5, stable: true });
    expect(stream('0102030405')).toEqual([null]);
  });

  it('tares, knows its names and each model’s capacity', () => {
    expect(hexOf([...acaiaDriver.tare![0]!])).toBe('efdd04000000');
    for (const name of ['ACAIA', 'PROCHBT001', 'LUNAR-123', 'PEARLS1', 'PYXIS-1', 'CINCO'])
      expect(driverByName(name)?.id).toBe('acaia');
    expect(acaiaDriver.capacityGrams('PYXIS-12')).toBe(500);
    expect(acaiaDriver.capacityGrams('PEARL S')).toBe(3000);
    expect(acaiaDriver.capacityGrams('LUNAR-ABC')).toBe(2000);
  });
});

describe('Felicita', () => {
  const frame = (text: string) => {
    const b = [0x01, 0x02, ...[...text].map((c) => c.charCodeAt(0))];
    while (b.length < 16) b.push(0x00);
    return hexOf([...b, 0x0d, 0x0a]);
  };

  it('reads the published capture of a real Arc: a space, then the unit', () => {
    // index 3-8 digits, 9-10 the unit (` g`), then status bytes, battery (137) and CR LF.
    const capture = [1, 2, 43, 48, 48, 48, 48, 48, 48, 32, 103, 83, 79, 48, 34, 137, 13, 10];
    expect(decode(felicitaDriver, hexOf(capture))).toEqual({ grams: 0 });
    const heavy = [1, 2, 43, 49, 48, 49, 48, 49, 48, 32, 103, 83, 79, 48, 34, 137, 13, 10];
    expect(decode(felicitaDriver, hexOf(heavy))).toEqual({ grams: 1010.1 });
    expect(decode(felicitaDriver, frame('-000150 g'))).toEqual({ grams: -1.5 });
  });

  it('reads ASCII hundredths with the sign', () => {
    expect(decode(felicitaDriver, frame('+052340g '))).toEqual({ grams: 523.4 });
    expect(decode(felicitaDriver, frame('-000150g '))).toEqual({ grams: -1.5 });
  });

  it('does not guess ounces or broken digits', () => {
    expect(decode(felicitaDriver, frame('+001845oz'))).toBeNull();
    expect(decode(felicitaDriver, frame('+05a340g '))).toBeNull();
  });

  it('tares with T and is found by name', () => {
    expect(hexOf([...felicitaDriver.tare![0]!])).toBe('54');
    expect(driverByName('FELICITA')?.id).toBe('felicita');
    expect(felicitaDriver.capacityGrams('FELICITA')).toBe(2000);
  });
});
