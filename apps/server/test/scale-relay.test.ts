import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin/admin-cli';
import type { Account } from './support/accounts';
import { type RawDevice } from './support/device-socket';
import { adminToken, pairRawDevice } from './support/pairing';
import { rankedLobby, setUpRanked } from './support/ranked';
import { openSocket, type TestSocket } from './support/socket-client';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';
import { setUpFastGame } from './support/quick-game';
import { macMaker } from './support/next-mac';

const nextMac = macMaker('5E');

describeEachDialect('live scale relay (SELECT_SCALE)', {}, ({ server, call }) => {
  const sockets: TestSocket[] = [];
  const devices: RawDevice[] = [];

  let admin: string;

  beforeAll(async () => {
    admin = await adminToken(call, server.instance.database);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    devices.forEach((d) => d.ws.close());
  });

  async function browser(account: Account) {
    const socket = await openSocket(`${server.wsUrl}/ws?token=${account.token}`);
    sockets.push(socket);
    return socket;
  }
  async function device(mac: string) {
    const { device: raw } = await pairRawDevice(server.wsUrl, call, admin, mac);
    devices.push(raw);
    return raw;
  }
  const assign = (mac: string, account: Account) =>
    runAdminCommand(
      server.instance.database,
      ['assign-scale', '--mac', mac, '--username', account.username],
      () => {},
    );
  /** The scale's readings so far were relayed, and whatever went to the sockets has arrived. */
  const flushed = async (scale: RawDevice, ...watchers: TestSocket[]) => {
    await scale.roundTrip();
    await Promise.all(watchers.map((socket) => socket.roundTrip()));
  };
  const dataOf = (socket: TestSocket, mac: string) =>
    socket.messages.filter((m) => m.type === 'SCALE_DATA' && m.macAddress === mac);

  it('lets the approved owner watch: status at once, the latest sample, then live data', async () => {
    const mac = nextMac();
    const owner = await createAccount(server, { mac });
    await assign(mac, owner);
    const watcher = await browser(owner);

    watcher.send({ type: 'SELECT_SCALE', macAddress: mac });
    expect(await watcher.next('SCALE_STATUS')).toEqual({
      type: 'SCALE_STATUS',
      macAddress: mac,
      connected: false,
    });

    const scale = await device(mac);
    expect(await watcher.next('SCALE_STATUS')).toMatchObject({ macAddress: mac, connected: true });
    scale.send({ type: 'WEIGHT', grams: 432.5, stable: true });
    expect(await watcher.next('SCALE_DATA')).toMatchObject({
      macAddress: mac,
      grams: 432.5,
      stable: true,
    });

    // A second socket of the owner gets the newest sample right after the status.
    const late = await browser(owner);
    late.send({ type: 'SELECT_SCALE', macAddress: mac });
    expect(await late.next('SCALE_STATUS')).toMatchObject({ connected: true });
    expect(await late.next('SCALE_DATA')).toMatchObject({ grams: 432.5 });
  });

  it('refuses the one who only registered the scale, and strangers, sending them nothing', async () => {
    const mac = nextMac();
    const requester = await createAccount(server, { mac });
    const stranger = await createAccount(server);
    const scale = await device(mac);
    for (const account of [requester, stranger]) {
      const socket = await browser(account);
      socket.send({ type: 'SELECT_SCALE', macAddress: mac });
      expect((await socket.next('ERROR')).message).toBe('You cannot watch this scale');
      scale.send({ type: 'WEIGHT', grams: 100, stable: false });
      await flushed(scale, socket);
      expect(socket.messages.filter((m) => m.type.startsWith('SCALE_'))).toEqual([]);
    }
    const owner = await createAccount(server);
    await assign(mac, owner);
    const ownerSocket = await browser(owner);
    ownerSocket.send({ type: 'SELECT_SCALE', macAddress: mac });
    expect(await ownerSocket.next('SCALE_STATUS')).toMatchObject({ connected: true });
    // No longer approved: the owner is refused from then on.
    await server.instance.database.db
      .updateTable('scales')
      .set({ approved: 0 })
      .where('mac', '=', mac)
      .execute();
    ownerSocket.send({ type: 'SELECT_SCALE', macAddress: mac });
    expect((await ownerSocket.next('ERROR')).message).toBe('You cannot watch this scale');
  });

  it('lets the players of a set-up game on the scale watch, until the game is over', async () => {
    const mac = nextMac();
    const leader = await createAccount(server, { mac });
    const created = await setUpFastGame(call, leader, ['Guest'], mac);
    expect(created.status).toBe(201);
    const scale = await device(mac);
    const socket = await browser(leader);
    socket.send({ type: 'SELECT_SCALE', macAddress: mac });
    expect(await socket.next('SCALE_STATUS')).toMatchObject({ macAddress: mac, connected: true });
    scale.send({ type: 'WEIGHT', grams: 5, stable: false });
    expect(await socket.next('SCALE_DATA')).toMatchObject({ macAddress: mac, grams: 5 });

    await server.instance.database.db
      .updateTable('games')
      .set({ status: 'cancelled' })
      .where('id', '=', created.body.gameId)
      .execute();
    socket.send({ type: 'SELECT_SCALE', macAddress: mac });
    expect((await socket.next('ERROR')).message).toBe('You cannot watch this scale');
    // The refused selection replaced the previous one: nothing flows any more.
    const before = dataOf(socket, mac).length;
    scale.send({ type: 'WEIGHT', grams: 6, stable: false });
    await flushed(scale, socket);
    expect(dataOf(socket, mac).length).toBe(before);
  });

  it('stops the live weight of a watcher whose access ends, without a new selection', async () => {
    const mac = nextMac();
    const owner = await createAccount(server, { mac });
    await assign(mac, owner);
    const scale = await device(mac);
    const ownerSocket = await browser(owner);
    ownerSocket.send({ type: 'SELECT_SCALE', macAddress: mac });
    await ownerSocket.next('SCALE_STATUS');
    scale.send({ type: 'WEIGHT', grams: 7, stable: false });
    expect(await ownerSocket.next('SCALE_DATA')).toMatchObject({ grams: 7 });

    // An administrator takes the scale back through the API: the former owner's stream ends.
    const adminName = `admin.${mac.toLowerCase()}`;
    await runAdminCommand(
      server.instance.database,
      ['create-admin', '--username', adminName, '--password', 'admin-pass'],
      () => {},
    );
    const login = await call('POST', '/api/login', {
      body: { username: adminName, password: 'admin-pass' },
    });
    const unassigned = await call('POST', `/api/admin/scales/${mac}/unassign`, {
      token: login.body.token,
    });
    expect(unassigned.status).toBeLessThan(300);
    // The access check runs after the reply, on the bus event and a query: the data stops once
    // it has run (a reading per try, well under the scale's rate limit).
    await expect
      .poll(
        async () => {
          const before = dataOf(ownerSocket, mac).length;
          scale.send({ type: 'WEIGHT', grams: 8, stable: false });
          await flushed(scale, ownerSocket);
          return dataOf(ownerSocket, mac).length - before;
        },
        { interval: 100, timeout: 10_000 },
      )
      .toBe(0);
  });

  it('stops the live weight of a kicked player and of one who left, without a new selection', async () => {
    const mac = nextMac();
    const leader = await createAccount(server, { mac });
    const kicked = await createAccount(server);
    const leaver = await createAccount(server);
    const gameId = await rankedLobby(call, leader, [kicked, leaver]);
    const setup = await setUpRanked(call, leader, gameId, mac);
    expect(setup.status).toBe(200);
    const scale = await device(mac);
    const watchers: TestSocket[] = [];
    for (const player of [kicked, leaver]) {
      const socket = await browser(player);
      socket.send({ type: 'SELECT_SCALE', macAddress: mac });
      await socket.next('SCALE_STATUS');
      watchers.push(socket);
    }
    scale.send({ type: 'WEIGHT', grams: 11, stable: false });
    for (const socket of watchers)
      expect(await socket.next('SCALE_DATA')).toMatchObject({ grams: 11 });

    expect(
      (
        await call('POST', `/api/games/${gameId}/participants/${kicked.id}/kick`, {
          token: leader.token,
        })
      ).status,
    ).toBeLessThan(300);
    expect(
      (await call('POST', `/api/games/${gameId}/leave`, { token: leaver.token })).status,
    ).toBeLessThan(300);
    // The access check runs after the reply, on the bus event and a query: the data stops once
    // it has run (a reading per try, well under the scale's rate limit).
    await expect
      .poll(
        async () => {
          const before = watchers.map((socket) => dataOf(socket, mac).length);
          scale.send({ type: 'WEIGHT', grams: 12, stable: false });
          await flushed(scale, ...watchers);
          return watchers.map((socket, i) => dataOf(socket, mac).length - before[i]!);
        },
        { interval: 100, timeout: 10_000 },
      )
      .toEqual([0, 0]);
  });

  it('stops the data on UNSELECT_SCALE and moves it on a new selection', async () => {
    const first = nextMac();
    const second = nextMac();
    const owner = await createAccount(server, { mac: first });
    await assign(first, owner);
    await assign(second, owner);
    const a = await device(first);
    const b = await device(second);
    const socket = await browser(owner);

    socket.send({ type: 'SELECT_SCALE', macAddress: first });
    await socket.next('SCALE_STATUS');
    socket.send({ type: 'SELECT_SCALE', macAddress: second });
    expect(await socket.next('SCALE_STATUS')).toMatchObject({ macAddress: second });
    a.send({ type: 'WEIGHT', grams: 1, stable: false });
    b.send({ type: 'WEIGHT', grams: 2, stable: false });
    expect(await socket.next('SCALE_DATA')).toMatchObject({ macAddress: second, grams: 2 });
    expect(dataOf(socket, first)).toEqual([]);

    socket.send({ type: 'UNSELECT_SCALE' });
    await socket.roundTrip();
    const count = socket.messages.length;
    b.send({ type: 'WEIGHT', grams: 3, stable: false });
    b.ws.close();
    await delay(250);
    expect(socket.messages.slice(count)).toEqual([]);
  });

  it('refuses a malformed address without watching anything', async () => {
    const owner = await createAccount(server);
    const socket = await browser(owner);
    socket.send({ type: 'SELECT_SCALE', macAddress: 'not-a-mac' });
    expect((await socket.next('ERROR')).message).toBeTruthy();
    expect(socket.messages.filter((m) => m.type === 'SCALE_STATUS')).toEqual([]);
  });
});
