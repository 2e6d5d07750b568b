import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ScaleClient } from '@beerscale/scale-sim/scale-client';
import { runAdminCommand } from '../src/admin/admin-cli';
import { DEVICE_REJECTS } from '@beerscale/contract/device-rejects';
import { DEVICE_WEIGHT_BURST } from '@beerscale/contract/device-socket';
import { openDevice, type RawDevice } from './support/device-socket';
import { adminToken, confirmCode, pairRawDevice, pairScale } from './support/pairing';
import { openSocket } from './support/socket-client';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';
import { macMaker } from './support/next-mac';

const nextMac = macMaker('D0');

describeEachDialect(
  'device gateway',
  { config: { deviceHelloTimeoutMs: 300 } },
  ({ server, call }) => {
    const clients: ScaleClient[] = [];

    let admin: string;

    beforeAll(async () => {
      admin = await adminToken(call, server.instance.database);
    });
    afterAll(async () => {
      clients.forEach((c) => c.stop());
    });

    function scale(mac: string, key?: string) {
      const client = new ScaleClient({
        server: server.baseUrl,
        mac,
        keyFile: null,
        key,
        reconnect: false,
      });
      clients.push(client);
      return client;
    }
    const once = <T>(client: ScaleClient, event: string) =>
      new Promise<T>((resolve) => client.once(event as 'WELCOME', resolve as never));
    const scaleRow = (mac: string) =>
      server.instance.database.db
        .selectFrom('scales')
        .selectAll()
        .where('mac', '=', mac)
        .executeTakeFirstOrThrow();

    /** A raw device that paired by code (or reconnected with its key) and got its WELCOME. */
    async function rawPaired(
      mac: string,
      key?: string,
    ): Promise<{ device: RawDevice; key: string }> {
      const hello = { firmware: 'fw-2', model: 'M1' };
      if (!key) return pairRawDevice(server.wsUrl, call, admin, mac, hello);
      const device = await openDevice(server.wsUrl);
      device.send({ type: 'HELLO', mac, key, ...hello });
      await device.next('WELCOME');
      return { device, key };
    }
    /** A simulated scale paired by code through the administrator's API. */
    async function pairedScale(mac: string): Promise<ScaleClient> {
      const client = scale(mac);
      await pairScale(call, admin, client, mac);
      return client;
    }

    it('pairs by the code it shows, hands over a 128-bit+ key kept only as a hash, then requires it', async () => {
      const mac = nextMac();
      const first = scale(mac);
      const welcome = once<any>(first, 'WELCOME');
      const shown = once<any>(first, 'PAIRING');
      first.start();
      const pairing = await shown;
      expect(pairing).toEqual({
        type: 'PAIRING',
        code: expect.stringMatching(/^[0-9]{6}$/),
        expiresIn: 600,
      });
      await confirmCode(call, admin, mac, pairing.code);
      const w = await welcome;
      expect(w.protocol).toBe(1);
      expect(w.key.length).toBeGreaterThanOrEqual(22);
      expect(w.settings).toMatchObject({
        auto_tare: 'true',
        sleep_timeout: '5',
        led_brightness: '50',
      });
      expect(w.game).toBeNull();
      const row = await scaleRow(mac);
      expect(row.device_key_hash).not.toContain(w.key);
      expect(row).toMatchObject({
        owner_id: null,
        approved: 0,
        firmware: 'sim-1.0',
        model_name: 'beerscale-sim',
      });
      first.stop();

      const again = scale(mac, w.key);
      const second = once<any>(again, 'WELCOME');
      again.start();
      expect((await second).key).toBeUndefined();
      again.stop();
    });

    it('shows an impostor without the key (or with a wrong one) only a code: nothing else, changing nothing', async () => {
      const mac = nextMac();
      const { device: owner } = await rawPaired(mac);
      const before = await scaleRow(mac);
      for (const key of [undefined, 'wrong-key-wrong-key']) {
        const device = await openDevice(server.wsUrl);
        device.send({ type: 'HELLO', mac, ...(key ? { key } : {}), firmware: 'evil', model: 'X' });
        await device.next('PAIRING');
        device.send({ type: 'WEIGHT', grams: 999, stable: true });
        device.send({ type: 'PING' });
        await device.next('PONG');
        expect(device.messages.map((m) => m.type)).toEqual(['PAIRING', 'PONG']);
        device.ws.close();
        await device.closed;
      }
      expect(server.instance.devices.latestSample(mac)?.grams).not.toBe(999);
      // The paired device keeps its connection, its key and its identity.
      expect(server.instance.devices.isConnected(mac)).toBe(true);
      expect(owner.ws.readyState).toBe(owner.ws.OPEN);
      const after = await scaleRow(mac);
      expect(after).toMatchObject({
        device_key_hash: before.device_key_hash,
        connection_id: before.connection_id,
        firmware: 'fw-2',
        model_name: 'M1',
      });
      owner.ws.close();
    });

    it('rejects malformed first messages, bad MACs and a missing HELLO', async () => {
      for (const [message, error] of [
        ['{nope', 'Malformed message: not JSON'],
        [{ type: 'HELLO', mac: 'XYZ' }, 'Malformed MAC address'],
        [{ type: 'HELLO', mac: 'AA:BB:CC:DD:EE:FF' }, 'Malformed MAC address'],
        [{ type: 'HELLO', mac: 123456789012 }, /^Malformed message: mac: /],
        [{ type: 'HELLO', mac: nextMac(), protocol: 'two' }, /^Malformed message: protocol/],
        // Protocol 1.1 ignores unknown types, but only after HELLO: HELLO still comes first.
        [{ type: 'DANCE' }, 'HELLO expected first'],
        [[1, 2, 3], /^Malformed message/],
        [{ type: 'WEIGHT', grams: 1, stable: true }, 'HELLO expected first'],
      ] as const) {
        const device = await openDevice(server.wsUrl);
        device.send(message);
        const reject = await device.next('REJECT');
        if (typeof error === 'string') expect(reject.error).toBe(error);
        else expect(reject.error).toMatch(error);
        expect((await device.closed).code).toBe(1008);
      }
      const binary = await openDevice(server.wsUrl);
      binary.ws.send(Buffer.from([1, 2, 3]));
      expect((await binary.next('REJECT')).error).toMatch(/binary/);
      expect((await binary.closed).code).toBe(1008);

      const silent = await openDevice(server.wsUrl);
      expect((await silent.next('REJECT', 2000)).error).toMatch(/HELLO expected within/);
      expect((await silent.closed).code).toBe(1008);
    });

    it('drops a paired device that then sends garbage or a second HELLO, and marks it offline', async () => {
      for (const garbage of [
        'not json at all',
        { type: 'WEIGHT', grams: 'heavy', stable: true },
        { type: 'HELLO', mac: nextMac() },
      ]) {
        const mac = nextMac();
        const { device } = await rawPaired(mac);
        expect((await scaleRow(mac)).connection_id).not.toBeNull();
        device.send(garbage);
        expect((await device.next('REJECT')).error).toBeTruthy();
        expect((await device.closed).code).toBe(1008);
        expect(server.instance.devices.isConnected(mac)).toBe(false);
        await expect.poll(async () => (await scaleRow(mac)).connection_id).toBeNull();
      }
    });

    it('refuses a socket opened by a web page (it carries an Origin), same site or not', async () => {
      const mac = nextMac();
      for (const origin of ['http://evil.example', server.baseUrl, 'null', 'file:///x.html']) {
        const device = await openDevice(server.wsUrl, { origin });
        expect((await device.next('REJECT')).error).toMatch(/Origin/);
        expect((await device.closed).code).toBe(1008);
        device.send({ type: 'HELLO', mac });
      }
      expect(
        await server.instance.database.db
          .selectFrom('scales')
          .select('mac')
          .where('mac', '=', mac)
          .executeTakeFirst(),
      ).toBeUndefined();
    });

    it("pairs a scale whose WebSocket library sends arduinoWebSockets' default Origin: file://", async () => {
      const mac = nextMac();
      const device = await openDevice(server.wsUrl, { origin: 'file://' });
      device.send({ type: 'HELLO', mac });
      await confirmCode(call, admin, mac, (await device.next('PAIRING')).code);
      expect((await device.next('WELCOME')).key).toEqual(expect.any(String));
      expect(server.instance.devices.isConnected(mac)).toBe(true);
      device.ws.close();
    });

    it('answers PING with PONG and ignores ACK and NACK without dropping the device', async () => {
      const mac = nextMac();
      const { device } = await rawPaired(mac);
      device.send({ type: 'PING' });
      await device.next('PONG');
      device.send({ type: 'ACK', cmdId: 'c1' });
      device.send({ type: 'NACK', cmdId: 'c2', error: 'display broken' });
      device.send({ type: 'PONG' });
      device.send({ type: 'PING' });
      await device.next('PONG');
      expect(server.instance.devices.isConnected(mac)).toBe(true);
      device.ws.close();
    });

    it('leaves nothing behind when the socket goes away during the handshake or the pairing', async () => {
      const mac = nextMac();
      const device = await openDevice(server.wsUrl);
      device.send({ type: 'HELLO', mac });
      device.ws.close();
      await device.closed;
      const waiting = await openDevice(server.wsUrl);
      waiting.send({ type: 'HELLO', mac });
      const { code } = await waiting.next('PAIRING');
      waiting.ws.close();
      await waiting.closed;
      await expect
        .poll(async () => {
          const reply = await call('GET', '/api/admin/pairings', { token: admin });
          return !reply.body.pairings.some((p: any) => p.mac === mac);
        })
        .toBe(true);
      // The code of a device that went away pairs nothing.
      const late = await call('POST', `/api/admin/scales/${mac}/pair`, {
        token: admin,
        body: { code },
      });
      expect(late.status).toBe(409);
      expect(server.instance.devices.isConnected(mac)).toBe(false);
      // An anonymous HELLO writes nothing to the database.
      expect(
        await server.instance.database.db
          .selectFrom('scales')
          .select('mac')
          .where('mac', '=', mac)
          .executeTakeFirst(),
      ).toBeUndefined();
    });

    it('counts a burst up to its budget and drops the rest of a flood', async () => {
      const mac = nextMac();
      const { device } = await rawPaired(mac);
      const seen: number[] = [];
      const off = server.instance.devices.onSample((from, sample) => {
        if (from === mac) seen.push(sample.grams);
      });
      const sent = 3 * DEVICE_WEIGHT_BURST;
      for (let i = 0; i < sent; i += 1)
        device.send({ type: 'WEIGHT', grams: i, stable: false, seq: i });
      await device.roundTrip();
      off();
      // The burst (a stall's backlog) counts, and the bucket refills a little while it arrives.
      expect(seen.length).toBeGreaterThanOrEqual(DEVICE_WEIGHT_BURST);
      expect(seen.length).toBeLessThan(sent / 2);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      expect(server.instance.devices.latestSample(mac)?.grams).toBe(seen.at(-1));
      device.ws.close();
    });

    it('closes a socket that sends more than 64 KB in one message', async () => {
      const mac = nextMac();
      const { device } = await rawPaired(mac);
      device.send(JSON.stringify({ type: 'NACK', cmdId: 'x', error: 'e'.repeat(70_000) }));
      expect((await device.closed).code).toBe(1009);
      await expect.poll(() => server.instance.devices.isConnected(mac)).toBe(false);
    });

    it('replaces an older connection of the same scale (1008 "replaced")', async () => {
      const mac = nextMac();
      const { device: a, key } = await rawPaired(mac);
      const first = (await scaleRow(mac)).connection_id;
      const statuses: boolean[] = [];
      const off = server.instance.devices.onConnectionChange((m, connected) => {
        if (m === mac) statuses.push(connected);
      });
      const { device: b } = await rawPaired(mac, key);
      expect((await a.next('REJECT')).error).toBe(DEVICE_REJECTS.replaced.error);
      expect(await a.closed).toEqual({ code: 1008, reason: DEVICE_REJECTS.replaced.error });
      expect(server.instance.devices.isConnected(mac)).toBe(true);
      // The old socket's close is handled asynchronously and nothing marks its end: wait a while.
      await delay(100);
      // A replacement is not a leave: the engine never sees the scale go.
      expect(statuses).toEqual([true]);
      const row = await scaleRow(mac);
      expect(row.connection_id).not.toBeNull();
      expect(row.connection_id).not.toBe(first);
      // The replaced socket's words no longer count.
      a.send({ type: 'WEIGHT', grams: 1, stable: true });
      b.send({ type: 'PING' });
      await b.next('PONG');
      off();
      b.ws.close();
    });

    it('tracks connection_status, last_seen_at, firmware and model', async () => {
      const mac = nextMac();
      const owner = await createAccount(server, { mac });
      await runAdminCommand(
        server.instance.database,
        ['assign-scale', '--mac', mac, '--username', owner.username],
        () => {},
      );
      const status = async () =>
        (await call('GET', '/api/scale-settings/scales', { token: owner.token })).body.scales[0]
          .connection_status;
      expect(await status()).toBe('disconnected');
      const { device } = await rawPaired(mac);
      expect(await status()).toBe('connected');
      const connectedRow = await scaleRow(mac);
      expect(connectedRow).toMatchObject({ firmware: 'fw-2', model_name: 'M1' });
      expect(
        (await call('GET', '/api/scale-settings/scales', { token: owner.token })).body.scales[0],
      ).toMatchObject({ mac_address: mac, model_name: 'M1' });
      device.ws.close();
      await expect.poll(status).toBe('disconnected');
      // The claim is dropped in the tables too, a moment after the socket (other instances read it).
      await expect.poll(async () => (await scaleRow(mac)).connection_id).toBeNull();
      const row = await scaleRow(mac);
      expect(Date.parse(row.last_seen_at!)).toBeGreaterThanOrEqual(
        Date.parse(connectedRow.last_seen_at!),
      );
    });

    it('sends the set-up game with its players in turn order in WELCOME', async () => {
      const mac = nextMac();
      const leader = await createAccount(server, { mac });
      const created = await call('POST', '/api/fast-game', {
        token: leader.token,
        body: {
          players: [leader.playerName, 'Bob', '', 'Cid'],
          scaleAddress: mac,
          containerType: 'BEER_CAN',
        },
      });
      expect(created.status).toBe(201);
      const { device } = await rawPaired(mac);
      const welcome = device.messages.find((m) => m.type === 'WELCOME');
      expect(welcome.game).toMatchObject({
        gameId: created.body.gameId,
        containerType: 'BEER_CAN',
      });
      expect(welcome.game.players.map((p: any) => p.name)).toEqual([
        leader.playerName,
        'Bob',
        'Cid',
      ]);
      const positions = welcome.game.players.map((p: any) => p.position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      device.ws.close();
    });

    it('relays live weight to the owner only, and SCALE_STATUS when the device leaves', async () => {
      const mac = nextMac();
      const owner = await createAccount(server, { mac });
      const stranger = await createAccount(server);
      await runAdminCommand(
        server.instance.database,
        ['assign-scale', '--mac', mac, '--username', owner.username],
        () => {},
      );
      const device = await pairedScale(mac);
      device.place(512);

      const watcher = await openSocket(`${server.wsUrl}/ws?token=${owner.token}`);
      watcher.send({ type: 'SELECT_SCALE', macAddress: mac.toLowerCase() });
      expect(await watcher.next('SCALE_STATUS')).toMatchObject({
        macAddress: mac,
        connected: true,
      });
      const data = await watcher.next('SCALE_DATA');
      expect(data.macAddress).toBe(mac);
      expect(typeof data.grams).toBe('number');

      const intruder = await openSocket(`${server.wsUrl}/ws?token=${stranger.token}`);
      intruder.send({ type: 'SELECT_SCALE', macAddress: mac });
      expect((await intruder.next('ERROR')).message).toBe('You cannot watch this scale');
      // Readings kept flowing to the owner; a copy to the intruder would have been sent with them.
      await watcher.next('SCALE_DATA');
      await intruder.roundTrip();
      expect(intruder.messages.filter((m) => m.type === 'SCALE_DATA')).toEqual([]);

      device.stop();
      expect(await watcher.next('SCALE_STATUS')).toMatchObject({
        macAddress: mac,
        connected: false,
      });
      watcher.close();
      intruder.close();
    });

    it('pushes SETTINGS after a settings or WiFi change, and the password only to the device', async () => {
      const mac = nextMac();
      const owner = await createAccount(server, { mac });
      await runAdminCommand(
        server.instance.database,
        ['assign-scale', '--mac', mac, '--username', owner.username],
        () => {},
      );
      const device = await pairedScale(mac);

      const settingsPushed = once<any>(device, 'SETTINGS');
      const wifi = await call('PUT', `/api/scale-settings/scales/${mac}/wifi`, {
        token: owner.token,
        body: { ssid: 'BeerNet', password: 'hoppy-secret' },
      });
      expect(wifi.status).toBe(200);
      const pushed = await settingsPushed;
      expect(pushed.cmdId).toBeTruthy();
      expect(pushed.settings).toMatchObject({
        wifi_ssid: 'BeerNet',
        wifi_password: 'hoppy-secret',
      });
      const stored = await server.instance.database.db
        .selectFrom('scale_settings')
        .select('value')
        .where('mac', '=', mac)
        .where('key', '=', 'wifi_password')
        .executeTakeFirstOrThrow();
      expect(stored.value).not.toContain('hoppy-secret');

      const general = once<any>(device, 'SETTINGS');
      await call('PUT', `/api/scale-settings/scales/${mac}/settings`, {
        token: owner.token,
        body: { settings: { led_brightness: 80, device_name: 'Bar scale' } },
      });
      expect((await general).settings).toMatchObject({
        led_brightness: '80',
        device_name: 'Bar scale',
      });

      // A refused change pushes nothing.
      let pushedAfterRefusal = false;
      device.once('SETTINGS', () => (pushedAfterRefusal = true));
      const refused = await call('PUT', `/api/scale-settings/scales/${mac}/settings`, {
        token: owner.token,
        body: { settings: { led_brightness: 101 } },
      });
      expect(refused.status).toBe(400);
      await delay(200);
      expect(pushedAfterRefusal).toBe(false);
      device.stop();

      const reconnect = scale(mac, device.key);
      const rewelcome = once<any>(reconnect, 'WELCOME');
      reconnect.start();
      expect((await rewelcome).settings).toMatchObject({
        wifi_ssid: 'BeerNet',
        wifi_password: 'hoppy-secret',
        led_brightness: '80',
        device_name: 'Bar scale',
      });
      reconnect.stop();
    });
  },
);

describeEachDialect('device keep-alive', { config: { deviceIdleMs: 600 } }, ({ server, call }) => {
  let admin: string;

  beforeAll(async () => {
    admin = await adminToken(call, server.instance.database);
  });

  it('pings, keeps a device that answers, and drops one that stays silent', async () => {
    const { device: talker } = await pairRawDevice(server.wsUrl, call, admin, 'EE0000000001');
    talker.ws.on('message', (data) => {
      if (JSON.parse(data.toString()).type === 'PING') talker.send({ type: 'PONG' });
    });
    const { device: mute } = await pairRawDevice(server.wsUrl, call, admin, 'EE0000000002');

    await mute.next('PING', 2000);
    expect((await mute.closed).code).toBe(1006);
    expect(server.instance.devices.isConnected('EE0000000002')).toBe(false);
    await delay(700);
    await expect
      .poll(async () => {
        const row = await server.instance.database.db
          .selectFrom('scales')
          .select('connection_id')
          .where('mac', '=', 'EE0000000002')
          .executeTakeFirstOrThrow();
        return row.connection_id === null;
      })
      .toBe(true);
    expect(server.instance.devices.isConnected('EE0000000001')).toBe(true);
    const rows = await server.instance.database.db
      .selectFrom('scales')
      .select(['mac', 'connection_id'])
      .where('mac', 'in', ['EE0000000001', 'EE0000000002'])
      .orderBy('mac')
      .execute();
    expect(rows[0]!.connection_id).not.toBeNull();
    expect(rows[1]!.connection_id).toBeNull();
    talker.ws.close();
  });

  it('pings a device showing its pairing code and drops it when it stays silent', async () => {
    const waiting = await openDevice(server.wsUrl);
    waiting.send({ type: 'HELLO', mac: 'EE0000000003' });
    await waiting.next('PAIRING');
    await waiting.next('PING', 2000);
    expect((await waiting.closed).code).toBe(1006);
  });
});
