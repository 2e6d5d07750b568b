import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEVICE_TEXT_HIDDEN_CHARACTERS } from '@beerscale/contract/device-socket';
import { openDevice, type RawDevice } from './support/device-socket';
import { adminToken, pairRawDevice } from './support/pairing';
import { openSocket, type TestSocket } from './support/socket-client';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';
import { macMaker } from './support/next-mac';

const nextMac = macMaker('DE');

const HOSTILE = {
  'a right-to-left override': 'BS\u202e23X',
  'a zero-width space': 'BS\u200bX',
  'a bell (control)': 'BS\u0007X',
  'a line break inside': 'BS\nX',
};

// What a scale says that people read (the scale list, /admin, the leader's notice) follows the
// name rules of the rest of the product (packages/contract/src/names.ts).
describeEachDialect('text from a scale', {}, ({ server, call }) => {
  let admin: string;
  const devices: RawDevice[] = [];
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    admin = await adminToken(call, server.instance.database);
  });
  afterAll(async () => {
    devices.forEach((d) => d.ws.close());
    sockets.forEach((s) => s.close());
  });

  const scaleRow = (mac: string) =>
    server.instance.database.db
      .selectFrom('scales')
      .select(['model_name', 'firmware'])
      .where('mac', '=', mac)
      .executeTakeFirstOrThrow();
  async function hello(fields: Record<string, unknown>) {
    const device = await openDevice(server.wsUrl);
    devices.push(device);
    device.send({ type: 'HELLO', ...fields });
    return device;
  }

  it.each(Object.entries(HOSTILE))(
    'refuses a HELLO whose model or firmware holds %s, and stores or shows nothing of it',
    async (_name, hostile) => {
      const mac = nextMac();
      const { device, key } = await pairRawDevice(server.wsUrl, call, admin, mac, {
        firmware: 'fw-1',
        model: 'M1',
      });
      device.ws.close();
      await device.closed;
      for (const field of ['model', 'firmware']) {
        // The scale's own key: without the rule its claim would store the text.
        const paired = await hello({ mac, key, [field]: hostile });
        expect(await paired.next('REJECT')).toEqual({
          type: 'REJECT',
          error: `Malformed message: ${field}: ${DEVICE_TEXT_HIDDEN_CHARACTERS}`,
        });
        expect((await paired.closed).code).toBe(1008);
        // A device without a key: without the rule /admin would list the text beside its code.
        const stranger = await hello({ mac: nextMac(), [field]: hostile });
        expect((await stranger.next('REJECT')).error).toBe(
          `Malformed message: ${field}: ${DEVICE_TEXT_HIDDEN_CHARACTERS}`,
        );
      }
      expect(await scaleRow(mac)).toEqual({ model_name: 'M1', firmware: 'fw-1' });
      const pending = await call('GET', '/api/admin/pairings', { token: admin });
      expect(JSON.stringify(pending.body)).not.toContain(hostile);
    },
  );

  it('stores the model and firmware trimmed and composed (NFC), as names are', async () => {
    const mac = nextMac();
    const { device } = await pairRawDevice(server.wsUrl, call, admin, mac, {
      firmware: ' 1.0-cafe\u0301 ',
      model: 'Bierwaage Me\u0301tro ',
    });
    devices.push(device);
    expect(await scaleRow(mac)).toEqual({
      model_name: 'Bierwaage M\u00e9tro',
      firmware: '1.0-caf\u00e9',
    });
  });

  it('tells the leader why the scale refused a command without control, invisible or text-direction characters', async () => {
    const mac = nextMac();
    const leader = await createAccount(server, { mac });
    const socket = await openSocket(`${server.wsUrl}/ws?token=${leader.token}`);
    sockets.push(socket);
    await socket.roundTrip();
    const { device } = await pairRawDevice(server.wsUrl, call, admin, mac);
    devices.push(device);
    const created = await call('POST', '/api/fast-game', {
      token: leader.token,
      body: { players: [leader.playerName, 'Bob'], scaleAddress: mac, containerType: 'BEER_CAN' },
    });
    expect(created.status).toBe(201);
    const configure = await device.next('CONFIGURE');
    device.send({
      type: 'NACK',
      cmdId: configure.cmdId,
      error: 'Screen\u202e full\r\n\u200bcannot show Bo\u0301b',
    });
    expect(await socket.next('SCALE_NACK')).toEqual({
      type: 'SCALE_NACK',
      macAddress: mac,
      command: 'CONFIGURE',
      error: 'Screen full cannot show B\u00f3b',
    });
    // A refused command is answered, not a broken scale: it stays connected.
    device.send({ type: 'PING' });
    await device.next('PONG');
  });
});
