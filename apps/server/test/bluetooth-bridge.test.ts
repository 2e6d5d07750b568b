import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, expect, it, onTestFinished } from 'vitest';
import { BRIDGE_REFUSALS } from '@beerscale/contract/bluetooth-bridge';
import { DEVICE_REJECTS } from '@beerscale/contract/device-rejects';
import { REFUSALS } from '@beerscale/contract/messages';
import { runAdminCommand } from '../src/admin/admin-cli';
import { bridgedScaleMac } from '../src/devices/bridge-address';
import type { Account } from './support/accounts';
import { adminToken } from './support/pairing';
import { rankedLobby, startRanked } from './support/ranked';
import { openSocket, type TestSocket } from './support/socket-client';
import { describeEachDialect } from './support/each-dialect';
import { weighReading } from './support/weighing';
import { createAccount } from './support/factories';

let deviceSeq = 0;
const nextDevice = () => `ble-${process.pid}-${++deviceSeq}==`;

describeEachDialect('Bluetooth bridge', {}, ({ server, call }) => {
  const sockets: TestSocket[] = [];

  afterAll(async () => {
    sockets.forEach((s) => s.close());
  });

  async function bridge(me: Account, deviceId: string, name = 'Chipsea-BLE') {
    const socket = await openSocket(`${server.wsUrl}/ws?token=${me.token}`);
    sockets.push(socket);
    socket.send({ type: 'BRIDGE_OPEN', deviceId, name, driver: 'chipsea' });
    const status = await socket.next('BRIDGE_STATUS');
    return { socket, status };
  }
  const myScales = async (me: Account) =>
    (await call('GET', '/api/scale-settings/scales', { token: me.token })).body.scales as {
      mac_address: string;
      scale_name: string | null;
      model_name: string | null;
      connection_status: string;
      bridged: boolean;
    }[];

  it('names the scale by what it advertises, without hidden or text-direction characters', async () => {
    const me = await createAccount(server);
    const deviceId = nextDevice();
    const { status } = await bridge(me, deviceId, '\u202EKitchen\u200B\u0007 scale ');
    expect(status).toMatchObject({ bridged: true });
    const listed = (await myScales(me)).find((s) => s.mac_address === status.macAddress);
    expect(listed?.scale_name).toBe('Kitchen scale');
  });

  it('makes the bridged scale the player’s own, approved and connected, until the socket closes', async () => {
    const me = await createAccount(server);
    const deviceId = nextDevice();
    const { socket, status } = await bridge(me, deviceId);
    const mac = bridgedScaleMac(me.id, deviceId);
    expect(status).toEqual({ type: 'BRIDGE_STATUS', macAddress: mac, bridged: true });

    const listed = (await myScales(me)).find((s) => s.mac_address === mac);
    expect(listed).toMatchObject({
      scale_name: 'Chipsea-BLE',
      model_name: 'Bluetooth chipsea',
      connection_status: 'connected',
    });
    const row = await server.instance.database.db
      .selectFrom('scales')
      .select(['owner_id', 'approved'])
      .where('mac', '=', mac)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ owner_id: me.id, approved: 1 });

    socket.close();
    await expect
      .poll(async () => (await myScales(me)).find((s) => s.mac_address === mac)?.connection_status)
      .toBe('disconnected');

    // The same scale bridged again by the same player is the same scale of the server.
    const again = await bridge(me, deviceId, 'Renamed by the scale');
    expect(again.status.macAddress).toBe(mac);
    expect((await myScales(me)).filter((s) => s.mac_address === mac)).toEqual([
      expect.objectContaining({ scale_name: 'Chipsea-BLE', connection_status: 'connected' }),
    ]);
    again.socket.send({ type: 'BRIDGE_CLOSE' });
    await expect
      .poll(async () => (await myScales(me)).find((s) => s.mac_address === mac)?.connection_status)
      .toBe('disconnected');
  });

  it('lists a bridged scale as bridged and a WiFi scale as not', async () => {
    const me = await createAccount(server);
    await runAdminCommand(
      server.instance.database,
      ['assign-scale', '--mac', me.mac, '--username', me.username],
      () => {},
    );
    const { socket, status } = await bridge(me, nextDevice());
    const byMac = Object.fromEntries((await myScales(me)).map((s) => [s.mac_address, s.bridged]));
    expect(byMac).toEqual({ [me.mac]: false, [status.macAddress]: true });
    // Still bridged when no browser bridges it: it is the kind of scale, not its connection.
    socket.close();
    await expect
      .poll(async () => (await myScales(me)).find((s) => s.bridged)?.connection_status)
      .toBe('disconnected');
    expect((await myScales(me)).find((s) => s.mac_address === status.macAddress)?.bridged).toBe(
      true,
    );
    // The administrator's list tells them apart too.
    const admin = await adminToken(call, server.instance.database);
    const listed = (await call('GET', '/api/admin/scales?limit=100', { token: admin })).body
      .scales as { mac: string; bridged: boolean; modelName: string | null }[];
    expect(listed.filter((s) => [me.mac, status.macAddress].includes(s.mac))).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ mac: me.mac, bridged: false }),
        expect.objectContaining({
          mac: status.macAddress,
          bridged: true,
          modelName: 'Bluetooth chipsea',
        }),
      ]),
    );
  });

  it('refuses WiFi and device settings for a bridged scale, writing nothing; its name may change', async () => {
    const me = await createAccount(server);
    const deviceId = nextDevice();
    const { socket, status } = await bridge(me, deviceId);
    const base = `/api/scale-settings/scales/${status.macAddress}`;
    const before = (await call('GET', `${base}/settings`, { token: me.token })).body;

    const wifi = await call('PUT', `${base}/wifi`, {
      token: me.token,
      body: { ssid: 'Pub WiFi', password: 'lager-lager' },
    });
    expect(wifi.status).toBe(409);
    expect(wifi.body).toEqual({
      error: REFUSALS.bridgedScaleNoWifi,
      code: 'BRIDGED_SCALE_NO_WIFI',
    });
    for (const settings of [
      { calibration_offset: 1 },
      { auto_tare: false },
      { sleep_timeout: 10 },
      { device_name: 'Kitchen', led_brightness: 10 },
    ]) {
      const put = await call('PUT', `${base}/settings`, { token: me.token, body: { settings } });
      expect(put.status, JSON.stringify(settings)).toBe(409);
      expect(put.body).toEqual({
        error: REFUSALS.bridgedScaleDeviceSettings,
        code: 'BRIDGED_SCALE_DEVICE_SETTINGS',
      });
    }
    expect((await call('GET', `${base}/settings`, { token: me.token })).body).toEqual(before);

    const rename = await call('PUT', `${base}/settings`, {
      token: me.token,
      body: { settings: { device_name: 'Kitchen' } },
    });
    expect(rename.status).toBe(200);
    expect((await myScales(me)).find((s) => s.mac_address === status.macAddress)).toMatchObject({
      scale_name: 'Kitchen',
      bridged: true,
    });
    // Bridged again later, it keeps the name the player gave it.
    socket.close();
    await socket.closed;
    const again = await bridge(me, deviceId, 'Chipsea-BLE');
    expect((await myScales(me)).find((s) => s.mac_address === status.macAddress)).toMatchObject({
      scale_name: 'Kitchen',
      connection_status: 'connected',
    });
    again.socket.close();
  });

  it('streams readings to watchers as a WiFi scale’s WEIGHT does', async () => {
    const me = await createAccount(server);
    const { socket, status } = await bridge(me, nextDevice());
    const watcher = await openSocket(`${server.wsUrl}/ws?token=${me.token}`);
    sockets.push(watcher);
    watcher.send({ type: 'SELECT_SCALE', macAddress: status.macAddress });
    expect(await watcher.next('SCALE_STATUS')).toMatchObject({ connected: true });
    socket.send({ type: 'BRIDGE_WEIGHT', grams: -12.5, stable: true });
    expect(await watcher.next('SCALE_DATA')).toMatchObject({
      macAddress: status.macAddress,
      grams: -12.5,
      stable: true,
    });
    socket.close();
    expect(await watcher.next('SCALE_STATUS')).toMatchObject({ connected: false });
  });

  it('a second bridge of the same scale replaces the first; readings of the first are dropped', async () => {
    const me = await createAccount(server);
    const deviceId = nextDevice();
    const first = await bridge(me, deviceId);
    const second = await bridge(me, deviceId);
    expect(second.status.macAddress).toBe(first.status.macAddress);
    expect(await first.socket.next('BRIDGE_STATUS')).toEqual({
      type: 'BRIDGE_STATUS',
      macAddress: first.status.macAddress,
      bridged: false,
      error: DEVICE_REJECTS.replaced.error,
    });
    const watcher = await openSocket(`${server.wsUrl}/ws?token=${me.token}`);
    sockets.push(watcher);
    watcher.send({ type: 'SELECT_SCALE', macAddress: first.status.macAddress });
    await watcher.next('SCALE_STATUS');
    first.socket.send({ type: 'BRIDGE_WEIGHT', grams: 111, stable: false });
    second.socket.send({ type: 'BRIDGE_WEIGHT', grams: 222, stable: false });
    expect((await watcher.next('SCALE_DATA')).grams).toBe(222);
    // The replaced socket closing does not take the scale offline.
    first.socket.close();
    await first.socket.closed;
    second.socket.send({ type: 'PING' });
    await second.socket.next('PONG');
    expect((await myScales(me))[0]?.connection_status).toBe('connected');
    second.socket.close();
  });

  it('one socket bridges one scale at a time', async () => {
    const me = await createAccount(server);
    const { socket, status } = await bridge(me, nextDevice());
    socket.send({ type: 'BRIDGE_OPEN', deviceId: nextDevice(), name: 'Decent', driver: 'decent' });
    const next = await socket.next('BRIDGE_STATUS');
    expect(next.bridged).toBe(true);
    expect(next.macAddress).not.toBe(status.macAddress);
    const byMac = Object.fromEntries(
      (await myScales(me)).map((s) => [s.mac_address, s.connection_status]),
    );
    expect(byMac).toEqual({
      [status.macAddress]: 'disconnected',
      [next.macAddress]: 'connected',
    });
    socket.close();
  });

  it('refuses a scale an administrator gave to another player', async () => {
    const me = await createAccount(server);
    const other = await createAccount(server);
    const admin = await adminToken(call, server.instance.database);
    const deviceId = nextDevice();
    const first = await bridge(me, deviceId);
    first.socket.close();
    await call('POST', `/api/admin/scales/${first.status.macAddress}/assign`, {
      token: admin,
      body: { userId: other.id },
    });
    const socket = await openSocket(`${server.wsUrl}/ws?token=${me.token}`);
    sockets.push(socket);
    socket.send({ type: 'BRIDGE_OPEN', deviceId, name: 'x', driver: 'chipsea' });
    expect(await socket.next('ERROR')).toEqual({
      type: 'ERROR',
      message: BRIDGE_REFUSALS.foreign,
    });
    socket.close();
  });

  it('plays a whole fast game on the bridged scale, readings through the engine', async () => {
    const me = await createAccount(server);
    const { socket, status } = await bridge(me, nextDevice());
    const mac = status.macAddress as string;
    const created = await call('POST', '/api/fast-game', {
      token: me.token,
      body: {
        players: [me.playerName, 'Bob'],
        scaleAddress: mac,
        containerType: 'BEER_BOTTLE',
        rounds: 1,
      },
    });
    expect(created.status).toBe(201);
    const gameId = created.body.gameId;
    expect((await call('POST', `/api/fast-game/${gameId}/start`, { token: me.token })).status).toBe(
      200,
    );
    const state = async () =>
      (await call('GET', `/api/games/${gameId}/state`, { token: me.token })).body.game;

    // A container put down and left standing: the platform empty first, then the weight streams
    // (unstable by the bridge's word: the engine decides) until the game has counted it.
    const place = (grams: number) =>
      weighReading(
        call,
        me.token,
        gameId,
        (g) => socket.send({ type: 'BRIDGE_WEIGHT', grams: g, stable: false }),
        grams,
      );
    for (let step = 0; step < 10; step += 1) {
      const game = await state();
      if (game.status === 'completed') break;
      const current = game.players.find((p: { id: number }) => p.id === game.currentPlayerId);
      const before = JSON.stringify(game);
      const grams =
        game.phase === 'INITIAL_WEIGHING'
          ? 520
          : Math.max(40, (current.lastWeight ?? current.startWeight) - 80);
      await place(grams);
      await expect.poll(async () => JSON.stringify(await state())).not.toBe(before);
    }
    const done = await state();
    expect(done).toMatchObject({ status: 'completed', phase: 'FINISHED', scaleAddress: mac });
    expect(done.players.map((p: { startWeight: number }) => p.startWeight)).toEqual([520, 520]);
    socket.close();
  }, 60_000);
});

describeEachDialect('ranked games on a bridged scale', {}, ({ server, call }) => {
  // A bridged scale is paired by its signed-in player: the ranked rule (a paired scale that is
  // connected at start) must let it play, as a WiFi scale paired by code does.
  it('starts a ranked game on a bridged scale', async () => {
    const me = await createAccount(server);
    const friend = await createAccount(server);
    const socket = await openSocket(`${server.wsUrl}/ws?token=${me.token}`);
    socket.send({
      type: 'BRIDGE_OPEN',
      deviceId: nextDevice(),
      name: 'Decent Scale',
      driver: 'decent',
    });
    const status = await socket.next('BRIDGE_STATUS');
    const gameId = await rankedLobby(call, me, [friend]);
    await startRanked(call, me, gameId, status.macAddress);
    const game = (await call('GET', `/api/games/${gameId}/state`, { token: me.token })).body.game;
    expect(game.status).toBe('active');
    socket.close();
  });
});

// Devices silent for 400 ms are dropped; a bridge lives as long as its browser socket.
describeEachDialect(
  'Bluetooth bridge liveness',
  { config: { deviceIdleMs: 400 } },
  ({ server, call }) => {
    it('keeps a bridged scale that sends no reading connected while its socket is open', async () => {
      const me = await createAccount(server);
      const socket = await openSocket(`${server.wsUrl}/ws?token=${me.token}`);
      socket.send({ type: 'BRIDGE_OPEN', deviceId: nextDevice(), name: 'Quiet', driver: 'decent' });
      const { macAddress } = await socket.next('BRIDGE_STATUS');
      await delay(1500); // several gateway heartbeats, no reading
      const scales = (await call('GET', '/api/scale-settings/scales', { token: me.token })).body
        .scales as { mac_address: string; connection_status: string }[];
      expect(scales.find((s) => s.mac_address === macAddress)?.connection_status).toBe('connected');
      expect(socket.messages.filter((m) => m.type === 'BRIDGE_STATUS')).toHaveLength(1);
      socket.close();
    });

    it('keeps at most 5 bridged scales per account: the same device reuses its row, older ones are forgotten', async () => {
      const me = await createAccount(server);
      const socket = await openSocket(`${server.wsUrl}/ws?token=${me.token}`);
      onTestFinished(() => socket.close());
      const devices = Array.from({ length: 8 }, () => nextDevice());
      for (const deviceId of devices) {
        socket.send({ type: 'BRIDGE_OPEN', deviceId, name: 'S', driver: 'chipsea' });
        expect(await socket.next('BRIDGE_STATUS')).toMatchObject({ bridged: true });
        // "Least recently bridged" is told by the millisecond it was bridged: two bridges in the
        // same one (no person does that) tie, and either may be the one forgotten.
        await delay(3);
      }
      const rows = async () =>
        (
          await server.instance.database.db
            .selectFrom('scales')
            .select('mac')
            .where('owner_id', '=', me.id)
            .where('bridged', '=', 1)
            .execute()
        )
          .map((r) => r.mac)
          .sort();
      const newest = devices
        .slice(3)
        .map((d) => bridgedScaleMac(me.id, d))
        .sort();
      expect(await rows()).toEqual(newest);
      // Bridging a kept device again reuses its row.
      socket.send({ type: 'BRIDGE_OPEN', deviceId: devices[4]!, name: 'S', driver: 'chipsea' });
      expect(await socket.next('BRIDGE_STATUS')).toMatchObject({ bridged: true });
      expect(await rows()).toEqual(newest);
    });
  },
);
