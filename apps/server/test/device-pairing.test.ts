import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEVICE_REJECTS } from '@beerscale/contract/device-rejects';
import { PAIRING_MESSAGES } from '@beerscale/contract/scales';
import { runAdminCommand } from '../src/admin/admin-cli';
import type { Account } from './support/accounts';
import { openDevice, type RawDevice } from './support/device-socket';
import { adminToken, pairRawDevice } from './support/pairing';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';
import { macMaker } from './support/next-mac';

const nextMac = macMaker('DA');

// A scale is paired by the code on its display (docs/DEVICE-PROTOCOL.md, Connecting), never by whoever says HELLO first.
describeEachDialect(
  'pairing a scale by code',
  { config: { maxPairingSocketsPerAddress: 6 } },
  ({ server, call }) => {
    let admin: string;
    const devices: RawDevice[] = [];

    beforeAll(async () => {
      admin = await adminToken(call, server.instance.database);
    });
    afterAll(async () => {
      devices.forEach((d) => d.ws.close());
    });

    async function hello(mac: string, extra: Record<string, unknown> = {}) {
      const device = await openDevice(server.wsUrl);
      devices.push(device);
      device.send({ type: 'HELLO', mac, ...extra });
      return device;
    }
    async function ownerOf(mac: string): Promise<Account> {
      const owner = await createAccount(server, { mac });
      await runAdminCommand(
        server.instance.database,
        ['assign-scale', '--mac', mac, '--username', owner.username],
        () => {},
      );
      return owner;
    }
    const pair = (token: string, mac: string, code: unknown) =>
      call('POST', `/api/scale-settings/scales/${mac}/pair`, { token, body: { code } });
    const keyHash = async (mac: string) =>
      (
        await server.instance.database.db
          .selectFrom('scales')
          .select('device_key_hash')
          .where('mac', '=', mac)
          .executeTakeFirst()
      )?.device_key_hash ?? null;

    it('gives the genuine scale, not the impostor that said HELLO first, the key and the WiFi password', async () => {
      const mac = nextMac();
      const owner = await ownerOf(mac);
      await call('PUT', `/api/scale-settings/scales/${mac}/wifi`, {
        token: owner.token,
        body: { ssid: 'Home', password: 'very-secret' },
      });
      const impostor = await hello(mac, { firmware: 'evil' });
      const impostorCode = (await impostor.next('PAIRING')).code;
      impostor.send({ type: 'WEIGHT', grams: 480, stable: true });
      const genuine = await hello(mac, { firmware: 'fw-1' });
      const { code } = await genuine.next('PAIRING');
      expect(code).not.toBe(impostorCode);
      // The owner sees that a device waits, and enters the code on their scale's display.
      const listed = await call('GET', '/api/scale-settings/scales', { token: owner.token });
      expect(listed.body.scales[0].pairing_requested).toBe(true);
      expect((await pair(owner.token, mac, code)).body).toEqual({ paired: true });
      const welcome = await genuine.next('WELCOME');
      expect(welcome.key).toEqual(expect.any(String));
      expect(welcome.settings.wifi_password).toBe('very-secret');
      // The impostor got nothing but its code, and is sent away.
      expect((await impostor.next('REJECT')).error).toBe(DEVICE_REJECTS.pairedElsewhere.error);
      expect(impostor.messages.map((m) => m.type)).toEqual(['PAIRING', 'REJECT']);
      expect(JSON.stringify(impostor.messages)).not.toContain('very-secret');
      expect(server.instance.devices.latestSample(mac)).toBeUndefined();
      expect(server.instance.devices.isConnected(mac)).toBe(true);
    });

    it('refuses a wrong code with 400, drops the pairing after 5, and tells the device to come back', async () => {
      const mac = nextMac();
      const owner = await ownerOf(mac);
      const device = await hello(mac);
      const { code } = await device.next('PAIRING');
      const wrong = code === '000000' ? '000001' : '000000';
      for (let i = 1; i <= 4; i += 1) {
        const reply = await pair(owner.token, mac, wrong);
        expect(reply.status).toBe(400);
        expect(reply.body.error).toBe(PAIRING_MESSAGES.wrongCode);
      }
      const fifth = await pair(owner.token, mac, wrong);
      expect(fifth.status).toBe(400);
      expect(fifth.body.error).toBe(PAIRING_MESSAGES.tooManyWrong);
      const reject = await device.next('REJECT');
      expect(reject).toEqual({ type: 'REJECT', ...DEVICE_REJECTS.pairingWrongCodes });
      expect((await device.closed).code).toBe(1008);
      // Even the right code is too late now: the device must reconnect for a new one.
      const late = await pair(owner.token, mac, code);
      expect(late.status).toBe(409);
      expect(late.body.error).toBe(PAIRING_MESSAGES.notWaiting);
      expect(await keyHash(mac)).toBeNull();
    });

    it('answers 404 to anyone but the approved owner (no ownership leak) and 400 to a malformed code', async () => {
      const mac = nextMac();
      const owner = await ownerOf(mac);
      const stranger = await createAccount(server);
      const registeredOnly = await createAccount(server, { mac: nextMac() });
      const device = await hello(mac);
      const { code } = await device.next('PAIRING');
      for (const token of [stranger.token, registeredOnly.token]) {
        const reply = await pair(token, mac, code);
        expect(reply.status).toBe(404);
        expect(reply.body.error).toBe('Scale not found');
      }
      // Its own registered address answers as the owner's would: no device shows a code there.
      const ownAddress = await pair(registeredOnly.token, registeredOnly.mac, code);
      expect(ownAddress.status).toBe(409);
      expect(ownAddress.body.error).toBe(PAIRING_MESSAGES.notWaiting);
      expect(
        (await call('POST', `/api/scale-settings/scales/${mac}/pair`, { body: { code } })).status,
      ).toBe(401);
      for (const bad of ['12345', '1234567', 'abcdef', 123456, null]) {
        const reply = await pair(owner.token, mac, bad);
        expect(reply.status).toBe(400);
        expect(reply.body.error).toBe(PAIRING_MESSAGES.codeFormat);
      }
      expect(device.messages.map((m) => m.type)).toEqual(['PAIRING']);
      expect(await keyHash(mac)).toBeNull();
      expect((await pair(owner.token, mac, code)).status).toBe(200);
      await device.next('WELCOME');
    });

    it('after reset-key the genuine scale wins the race again: the next connection pairs by code', async () => {
      const mac = nextMac();
      const owner = await ownerOf(mac);
      const { device: first, key } = await pairRawDevice(server.wsUrl, call, admin, mac);
      devices.push(first);
      expect(
        (await call('POST', `/api/admin/scales/${mac}/reset-key`, { token: admin })).status,
      ).toBe(200);
      expect(await first.next('REJECT')).toEqual({ type: 'REJECT', ...DEVICE_REJECTS.keyReset });
      const impostor = await hello(mac);
      await impostor.next('PAIRING');
      // The old key is void too.
      const genuine = await hello(mac, { key });
      const { code } = await genuine.next('PAIRING');
      expect(impostor.messages.some((m) => m.type === 'WELCOME')).toBe(false);
      expect((await pair(owner.token, mac, code)).status).toBe(200);
      const welcome = await genuine.next('WELCOME');
      expect(welcome.key).not.toBe(key);
      await impostor.next('REJECT');
    });

    it('lets an administrator pair an address nobody registered; the anonymous HELLO wrote nothing', async () => {
      const mac = nextMac();
      const device = await hello(mac, { model: 'BS-9' });
      const { code } = await device.next('PAIRING');
      expect(await keyHash(mac)).toBeNull();
      const listed = await call('GET', '/api/admin/pairings', { token: admin });
      expect(listed.body.pairings).toContainEqual(
        expect.objectContaining({ mac, model: 'BS-9', devices: 1 }),
      );
      expect(
        (await call('POST', `/api/admin/scales/${mac}/pair`, { token: admin, body: { code } }))
          .body,
      ).toEqual({ paired: true });
      await device.next('WELCOME');
      expect(await keyHash(mac)).toEqual(expect.any(String));
    });

    it('bounds the devices showing a code per client address: the newest sends the oldest away (REJECT with retryAfter)', async () => {
      const waiting: RawDevice[] = [];
      const macs = Array.from({ length: 6 }, nextMac);
      for (const mac of macs) {
        const device = await hello(mac);
        await device.next('PAIRING');
        waiting.push(device);
      }
      const extra = await hello(nextMac());
      await extra.next('PAIRING');
      expect(await waiting[0]!.next('REJECT')).toEqual({
        type: 'REJECT',
        ...DEVICE_REJECTS.pairingBusy,
      });
      waiting.push(extra);
      waiting.forEach((d) => d.ws.close());
      // The next tests pair from this address too: the places come back once the server has
      // heard the closes (it forgets their codes in the same step).
      await expect
        .poll(async () => {
          const reply = await call('GET', '/api/admin/pairings', { token: admin });
          return reply.body.pairings.filter((p: { mac: string }) => macs.includes(p.mac));
        })
        .toEqual([]);
    });

    const awaiting = async (token: string) =>
      (await call('GET', '/api/scale-settings/awaiting', { token })).body.scales;
    const ownerRow = async (mac: string) =>
      server.instance.database.db
        .selectFrom('scales')
        .select(['owner_id', 'approved'])
        .where('mac', '=', mac)
        .executeTakeFirstOrThrow();

    it('lets the account that registered the address pair the scale by its code and own it, no administrator', async () => {
      const mac = nextMac();
      const newcomer = await createAccount(server, { mac });
      expect(await awaiting(newcomer.token)).toEqual([
        { mac_address: mac, pairing_requested: false, approval: 'code' },
      ]);
      const device = await hello(mac);
      const { code } = await device.next('PAIRING');
      expect(await awaiting(newcomer.token)).toEqual([
        { mac_address: mac, pairing_requested: true, approval: 'code' },
      ]);
      expect((await pair(newcomer.token, mac, code)).body).toEqual({ paired: true });
      expect((await device.next('WELCOME')).key).toEqual(expect.any(String));
      expect(await ownerRow(mac)).toEqual({ owner_id: newcomer.id, approved: 1 });
      const listed = await call('GET', '/api/scale-settings/scales', { token: newcomer.token });
      expect(listed.body.scales.map((s: { mac_address: string }) => s.mac_address)).toEqual([mac]);
      expect(await awaiting(newcomer.token)).toEqual([]);
    });

    it("keeps a scale paired to another account theirs until its key is reset; an administrator's powers stay", async () => {
      const mac = nextMac();
      const first = await createAccount(server, { mac });
      const paired = await hello(mac);
      expect((await pair(first.token, mac, (await paired.next('PAIRING')).code)).status).toBe(200);
      await paired.next('WELCOME');
      expect(await ownerRow(mac)).toEqual({ owner_id: first.id, approved: 1 });
      // A second account names the same address: it is not theirs to pair while the key holds.
      const second = await createAccount(server, { mac });
      expect(await awaiting(second.token)).toEqual([]);
      const intruder = await hello(mac);
      const { code } = await intruder.next('PAIRING');
      const refused = await pair(second.token, mac, code);
      expect(refused.status).toBe(404);
      expect(await ownerRow(mac)).toEqual({ owner_id: first.id, approved: 1 });
      // Once an administrator reset the key, whoever registered it and holds it may pair it.
      expect(
        (await call('POST', `/api/admin/scales/${mac}/reset-key`, { token: admin })).status,
      ).toBe(200);
      expect(await awaiting(second.token)).toEqual([
        { mac_address: mac, pairing_requested: true, approval: 'code' },
      ]);
      expect((await pair(second.token, mac, code)).status).toBe(200);
      await intruder.next('WELCOME');
      expect(await ownerRow(mac)).toEqual({ owner_id: second.id, approved: 1 });
    });

    it('ignores unknown extra fields of a newer firmware and says its protocol in WELCOME', async () => {
      const mac = nextMac();
      const { device, welcome } = await pairRawDevice(server.wsUrl, call, admin, mac, {
        protocol: 2,
        battery: 87,
        rssi: -60,
      });
      devices.push(device);
      expect(welcome.protocol).toBe(1);
      device.send({ type: 'WEIGHT', grams: 12, stable: false, battery: 86 });
      device.send({ type: 'PING', uptime: 42 });
      await device.next('PONG');
      expect(server.instance.devices.latestSample(mac)?.grams).toBe(12);
    });
  },
);

// PAIRING_APPROVAL=administrator: the operator keeps pairing to administrators, as before.
describeEachDialect(
  'pairing when the operator requires an administrator',
  { config: { pairingApproval: 'administrator' } },
  ({ server, call }) => {
    it('lists the registered scale as waiting for an administrator and refuses its code from the registrant', async () => {
      const mac = nextMac();
      const registrant = await createAccount(server, { mac });
      const device = await openDevice(server.wsUrl);
      device.send({ type: 'HELLO', mac });
      const { code } = await device.next('PAIRING');
      const waiting = await call('GET', '/api/scale-settings/awaiting', {
        token: registrant.token,
      });
      expect(waiting.body.scales).toEqual([
        { mac_address: mac, pairing_requested: true, approval: 'administrator' },
      ]);
      const refused = await call('POST', `/api/scale-settings/scales/${mac}/pair`, {
        token: registrant.token,
        body: { code },
      });
      expect(refused.status).toBe(404);
      const admin = await adminToken(call, server.instance.database);
      const paired = await call('POST', `/api/admin/scales/${mac}/pair`, {
        token: admin,
        body: { code },
      });
      expect(paired.status).toBe(200);
      await device.next('WELCOME');
      const row = await server.instance.database.db
        .selectFrom('scales')
        .select(['owner_id', 'approved'])
        .where('mac', '=', mac)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ owner_id: null, approved: 0 });
      device.ws.close();
    });
  },
);
