import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { COMMAND_MAX_SENDS } from '@beerscale/contract/device-socket';
import { ScaleClient } from '@beerscale/scale-sim/scale-client';
import { runAdminCommand } from '../src/admin/admin-cli';
import type { Account } from './support/accounts';
import { openDevice, type RawDevice } from './support/device-socket';
import { adminToken, confirmCode, pairRawDevice, pairScale } from './support/pairing';
import { openSocket, type TestSocket } from './support/socket-client';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';
import { setUpFastGame } from './support/quick-game';
import { macMaker } from './support/next-mac';
import { rankedLobby, setUpRanked } from './support/ranked';

const nextMac = macMaker('DC');

// What the scale is told, and that it is told again until it listens (docs/DEVICE-PROTOCOL.md).
describeEachDialect('commands to the scale', {}, ({ server, call }) => {
  let admin: string;
  const devices: RawDevice[] = [];
  const sockets: TestSocket[] = [];
  const scales: ScaleClient[] = [];

  beforeAll(async () => {
    admin = await adminToken(call, server.instance.database);
  });
  afterAll(async () => {
    devices.forEach((d) => d.ws.close());
    sockets.forEach((s) => s.close());
    scales.forEach((s) => s.stop());
  });

  async function paired(mac: string) {
    const result = await pairRawDevice(server.wsUrl, call, admin, mac);
    devices.push(result.device);
    return result;
  }
  async function reconnect(mac: string, key: string) {
    const device = await openDevice(server.wsUrl);
    devices.push(device);
    device.send({ type: 'HELLO', mac, key });
    return device;
  }
  async function fastGame(leader: Account, mac: string) {
    const created = await setUpFastGame(call, leader, ['Bob'], mac);
    expect(created.status).toBe(201);
    return created.body.gameId as number;
  }
  const start = (leader: Account, gameId: number) =>
    call('POST', `/api/fast-game/${gameId}/start`, { token: leader.token });

  it('shows an idle screen when no game runs', async () => {
    const mac = nextMac();
    const { device } = await paired(mac);
    expect(await device.next('DISPLAY')).toMatchObject({ phase: 'IDLE' });
  });

  it('sends CONFIGURE and START again until ACKed, with the same cmdId, a bounded number of times', async () => {
    const mac = nextMac();
    const leader = await createAccount(server, { mac });
    const { device } = await paired(mac);
    const gameId = await fastGame(leader, mac);
    expect((await start(leader, gameId)).status).toBeLessThan(300);
    const configure = await device.next('CONFIGURE');
    const startCmd = await device.next('START');
    // Not ACKed: both come again, unchanged.
    expect(await device.next('CONFIGURE', 6000)).toEqual(configure);
    expect(await device.next('START', 6000)).toEqual(startCmd);
    device.send({ type: 'ACK', cmdId: configure.cmdId });
    device.send({ type: 'ACK', cmdId: startCmd.cmdId });
    const count = (type: string) => device.messages.filter((m) => m.type === type).length;
    const sent = [count('CONFIGURE'), count('START')];
    // The wait is the behaviour under test: no resend for longer than the 3 s resend interval.
    await delay(3500);
    expect([count('CONFIGURE'), count('START')]).toEqual(sent);
    expect(sent[0]).toBeLessThanOrEqual(COMMAND_MAX_SENDS);
    await call('POST', `/api/games/${gameId}/finish`, { token: leader.token });
  });

  it('tells the leader when the scale refuses a command (NACK)', async () => {
    const mac = nextMac();
    const leader = await createAccount(server, { mac });
    const socket = await openSocket(`${server.wsUrl}/ws?token=${leader.token}`);
    sockets.push(socket);
    socket.send({ type: 'PING' });
    await socket.next('PONG');
    const { device } = await paired(mac);
    const gameId = await fastGame(leader, mac);
    await start(leader, gameId);
    const configure = await device.next('CONFIGURE');
    device.send({ type: 'NACK', cmdId: configure.cmdId, error: 'Too many players for my screen' });
    expect(await socket.next('SCALE_NACK')).toEqual({
      type: 'SCALE_NACK',
      macAddress: mac,
      command: 'CONFIGURE',
      error: 'Too many players for my screen',
    });
    // A refused command is answered: it is not sent again.
    const sent = device.messages.filter((m) => m.type === 'CONFIGURE').length;
    // The wait is the behaviour under test: no resend for longer than the 3 s resend interval.
    await delay(3500);
    expect(device.messages.filter((m) => m.type === 'CONFIGURE').length).toBe(sent);
    await call('POST', `/api/games/${gameId}/finish`, { token: leader.token });
  });

  /**
   * docs/DEVICE-PROTOCOL.md (WELCOME): after every WELCOME the game on the scale comes again as
   * CONFIGURE and START, once each and in this order, then the screen.
   */
  async function expectGameTold(device: RawDevice, gameId: number) {
    const welcome = await device.next('WELCOME');
    expect(welcome.game).toMatchObject({ gameId, started: true });
    const configure = await device.next('CONFIGURE');
    expect(configure).toMatchObject({ gameId });
    const startCmd = await device.next('START');
    expect(startCmd).toMatchObject({ gameId });
    // Answered, so that no resend can pass for a duplicate below.
    device.send({ type: 'ACK', cmdId: configure.cmdId });
    device.send({ type: 'ACK', cmdId: startCmd.cmdId });
    expect(await device.next('DISPLAY')).toMatchObject({ phase: 'INITIAL_WEIGHING' });
    await device.roundTrip();
    const told = device.messages.map((m) => m.type).filter((t) => t !== 'PING' && t !== 'PONG');
    expect(told.slice(told.indexOf('WELCOME'))).toEqual([
      'WELCOME',
      'CONFIGURE',
      'START',
      'DISPLAY',
    ]);
  }

  it('after a reconnect mid-game: the set-up and the start again, and the current screen', async () => {
    const mac = nextMac();
    const leader = await createAccount(server, { mac });
    const { device, key } = await paired(mac);
    const gameId = await fastGame(leader, mac);
    await start(leader, gameId);
    await device.next('START');
    device.ws.close();
    await device.closed;
    await expectGameTold(await reconnect(mac, key), gameId);
    await call('POST', `/api/games/${gameId}/finish`, { token: leader.token });
  });

  it('after a new pairing mid-game (the key was reset): the game told the same way', async () => {
    const mac = nextMac();
    const leader = await createAccount(server, { mac });
    const { device } = await paired(mac);
    const gameId = await fastGame(leader, mac);
    await start(leader, gameId);
    await device.next('START');
    await call('POST', `/api/admin/scales/${mac}/reset-key`, { token: admin });
    await device.closed;
    const fresh = await openDevice(server.wsUrl);
    devices.push(fresh);
    fresh.send({ type: 'HELLO', mac });
    await confirmCode(call, admin, mac, (await fresh.next('PAIRING')).code);
    await expectGameTold(fresh, gameId);
    await call('POST', `/api/games/${gameId}/finish`, { token: leader.token });
  });

  it('counts a container put on the platform while the scale was away', async () => {
    const mac = nextMac();
    const leader = await createAccount(server, { mac });
    const { device, key } = await paired(mac);
    const gameId = await fastGame(leader, mac);
    await start(leader, gameId);
    const state = async () =>
      (await call('GET', `/api/games/${gameId}/state`, { token: leader.token })).body.game;
    const hold = async (target: RawDevice, grams: number, until: () => Promise<boolean>) => {
      const deadline = Date.now() + 10_000;
      while (!(await until())) {
        if (Date.now() > deadline) throw new Error(`${grams} g was never counted`);
        for (let i = 0; i < 4; i += 1) {
          target.send({ type: 'WEIGHT', grams, stable: true });
          await delay(100);
        }
      }
    };
    // The leader's bottle is weighed; then the scale drops off the network...
    await hold(device, 520, async () => (await state()).players[0].startWeight === 520);
    device.ws.close();
    await device.closed;
    // ...while the leader lifts theirs and Bob puts his down: the platform never read empty.
    const again = await reconnect(mac, key);
    await again.next('WELCOME');
    await hold(again, 540, async () => (await state()).players[1].startWeight === 540);
    // The same container standing there after a reconnect is not counted twice.
    const before = await state();
    expect(before.phase).toBe('DRINKING');
    await call('POST', `/api/games/${gameId}/finish`, { token: leader.token });
  });

  it('tells the scale who plays as soon as a fast game is set up, and that it waits', async () => {
    const mac = nextMac();
    const leader = await createAccount(server, { mac });
    const { device } = await paired(mac);
    await device.next('DISPLAY');
    const gameId = await fastGame(leader, mac);
    expect(await device.next('CONFIGURE')).toMatchObject({
      gameId,
      containerType: 'BEER_BOTTLE',
      players: [
        { name: leader.playerName, position: 0 },
        { name: 'Bob', position: 1 },
      ],
    });
    expect(await device.next('DISPLAY')).toMatchObject({
      phase: 'IDLE',
      text: expect.stringMatching(/waiting for the leader to start$/),
    });
  });

  it('leaves the cancelled screen, not "game over", when a game is finished before any round', async () => {
    const mac = nextMac();
    const leader = await createAccount(server, { mac });
    const { device } = await paired(mac);
    const gameId = await fastGame(leader, mac);
    expect((await start(leader, gameId)).status).toBeLessThan(300);
    await device.next('START');
    expect(
      (await call('POST', `/api/games/${gameId}/finish`, { token: leader.token })).status,
    ).toBe(200);
    let display = await device.next('DISPLAY');
    while (display.phase !== 'CANCELLED') display = await device.next('DISPLAY');
    // A wrong screen would follow from the finish's later, asynchronous steps; no message marks
    // their end (a PING is answered at once), so this waits a while for one.
    await delay(300);
    const displays = device.messages.filter((m) => m.type === 'DISPLAY');
    expect(displays.at(-1)).toMatchObject({ phase: 'CANCELLED' });
  });

  it('tells the scale when its game is cancelled', async () => {
    const mac = nextMac();
    const leader = await createAccount(server, { mac });
    const other = await createAccount(server);
    const gameId = await rankedLobby(call, leader, [other], 'Friday');
    const { device } = await paired(mac);
    await setUpRanked(call, leader, gameId, mac);
    await device.next('CONFIGURE');
    await call('POST', `/api/games/${gameId}/cancel`, { token: leader.token });
    let display = await device.next('DISPLAY');
    while (display.phase !== 'CANCELLED') display = await device.next('DISPLAY');
    expect(display).toEqual({ type: 'DISPLAY', phase: 'CANCELLED', text: 'Friday: cancelled' });
  });

  it('the simulator applies its calibration and comes back after a temporary refusal', async () => {
    const mac = nextMac();
    const owner = await createAccount(server, { mac });
    await runAdminCommand(
      server.instance.database,
      ['assign-scale', '--mac', mac, '--username', owner.username],
      () => {},
    );
    const scale = new ScaleClient({ server: server.baseUrl, mac, keyFile: null, seed: 2 });
    scales.push(scale);
    await pairScale(call, admin, scale, mac);
    scale.place(500);
    const readings: number[] = [];
    const off = server.instance.devices.onSample((from, sample) => {
      if (from === mac) readings.push(sample.grams);
    });
    await call('PUT', `/api/scale-settings/scales/${mac}/settings`, {
      token: owner.token,
      body: { settings: { calibration_offset: 25 } },
    });
    await expect.poll(() => readings.at(-1), { timeout: 5000 }).toBeGreaterThan(520);
    off();
    // A key reset is temporary (retryAfter): the scale connects again and shows a new code.
    const shown = new Promise<string>((resolve) => scale.once('PAIRING', (m) => resolve(m.code)));
    await call('POST', `/api/admin/scales/${mac}/reset-key`, { token: admin });
    expect(await shown).toMatch(/^[0-9]{6}$/);
  }, 20_000);

  it('runs one game per scale: of two started at once, one starts and the other is refused', async () => {
    for (let round = 0; round < 5; round += 1) {
      const mac = nextMac();
      const [a, b] = [await createAccount(server), await createAccount(server)];
      const games = [await fastGame(a, mac), await fastGame(b, mac)];
      const replies = await Promise.all([start(a, games[0]!), start(b, games[1]!)]);
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses[0]).toBeLessThan(300);
      expect(statuses[1]).toBe(409);
      const running = await server.instance.database.db
        .selectFrom('games')
        .select('id')
        .where('scale_mac', '=', mac)
        .where('status', '=', 'active')
        .execute();
      expect(running).toHaveLength(1);
      for (const [leader, gameId] of [
        [a, games[0]!],
        [b, games[1]!],
      ] as const) {
        await call('POST', `/api/games/${gameId}/finish`, { token: leader.token });
      }
    }
  });
});
