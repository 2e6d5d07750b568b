import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Account } from './support/accounts';
import type { RawDevice } from './support/device-socket';
import { adminToken, pairRawDevice } from './support/pairing';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';
import { macMaker } from './support/next-mac';

const nextMac = macMaker('D1');

// The scale's screen speaks the language of the game's leader (PUT /api/profile { language }).
describeEachDialect('DISPLAY language', {}, ({ server, call }) => {
  let admin: string;
  const devices: RawDevice[] = [];

  beforeAll(async () => {
    admin = await adminToken(call, server.instance.database);
  });
  afterAll(async () => {
    devices.forEach((d) => d.ws.close());
  });

  async function gameOnScale(language: 'en' | 'de') {
    const mac = nextMac();
    const leader: Account = await createAccount(server, { mac });
    const { device } = await pairRawDevice(server.wsUrl, call, admin, mac);
    devices.push(device);
    await device.next('DISPLAY');
    const set = await call('PUT', '/api/profile', { token: leader.token, body: { language } });
    expect(set.status).toBe(200);
    const created = await call('POST', '/api/fast-game', {
      token: leader.token,
      body: { players: [leader.playerName, 'Bob'], scaleAddress: mac, containerType: 'BEER_CAN' },
    });
    expect(created.status).toBe(201);
    return { leader, device, gameId: created.body.gameId as number };
  }

  it("shows a German leader's game in German", async () => {
    const { leader, device, gameId } = await gameOnScale('de');
    expect(await device.next('DISPLAY')).toMatchObject({
      phase: 'IDLE',
      text: 'Schnelles Spiel: wartet auf den Start durch die Spielleitung',
    });
    await call('POST', `/api/fast-game/${gameId}/start`, { token: leader.token });
    expect(await device.next('DISPLAY')).toMatchObject({
      phase: 'INITIAL_WEIGHING',
      text: `${leader.playerName}: stell deine volle Dose auf die Waage`,
    });
    await call('POST', `/api/games/${gameId}/finish`, { token: leader.token });
  });

  it('keeps an English leader in English, and the name and language apart', async () => {
    const { leader, device, gameId } = await gameOnScale('en');
    expect(await device.next('DISPLAY')).toMatchObject({
      text: 'Fast Game: waiting for the leader to start',
    });
    await call('POST', `/api/fast-game/${gameId}/start`, { token: leader.token });
    expect(await device.next('DISPLAY')).toMatchObject({
      text: `${leader.playerName}: place your full can`,
    });
    const profile = await call('GET', '/api/profile', { token: leader.token });
    expect(profile.body.playerName).toBe(leader.playerName);
    expect((await call('PUT', '/api/profile', { token: leader.token, body: {} })).status).toBe(400);
    expect(
      (await call('PUT', '/api/profile', { token: leader.token, body: { language: 'fr' } })).status,
    ).toBe(400);
    await call('POST', `/api/games/${gameId}/finish`, { token: leader.token });
  });
});
