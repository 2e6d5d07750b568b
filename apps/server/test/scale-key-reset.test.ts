import { expect, it } from 'vitest';
import { DEVICE_REJECTS } from '@beerscale/contract/device-rejects';
import { REFUSALS } from '@beerscale/contract/messages';
import { describeEachDialect } from './support/each-dialect';
import { openDevice } from './support/device-socket';
import { createAccount } from './support/factories';
import { pairRawDevice } from './support/pairing';
import { macMaker } from './support/next-mac';

// Issue 42: the owner (and an administrator) can always reset a scale's key, even while a socket
// that copied the key holds the scale: the reset ends that socket and the key opens nothing.

const nextMac = macMaker('EE');

describeEachDialect('Scale key reset', {}, ({ server, call, adminToken }) => {
  const keyHash = async (mac: string) =>
    (
      await server.instance.database.db
        .selectFrom('scales')
        .select('device_key_hash')
        .where('mac', '=', mac)
        .executeTakeFirstOrThrow()
    ).device_key_hash;

  /** A scale paired by code and owned (approved) by a fresh account; an impostor holds its key. */
  async function heldByImpostor() {
    const mac = nextMac();
    const admin = await adminToken();
    const owner = await createAccount(server, { mac });
    const { device, key } = await pairRawDevice(server.wsUrl, call, admin, mac);
    const assigned = await call('POST', `/api/admin/scales/${mac}/assign`, {
      token: admin,
      body: { userId: owner.id },
    });
    expect(assigned.status).toBe(200);
    device.ws.close();
    await device.closed;
    // The copied key: another socket says HELLO with it and is let in as the scale.
    const impostor = await openDevice(server.wsUrl);
    impostor.send({ type: 'HELLO', mac, key });
    await impostor.next('WELCOME');
    return { mac, key, owner, admin, impostor };
  }

  async function expectKeyVoid(mac: string, key: string) {
    expect(await keyHash(mac)).toBeNull();
    const again = await openDevice(server.wsUrl);
    again.send({ type: 'HELLO', mac, key });
    // The old key is void: the device is shown a code, never handed the scale.
    expect(await again.next('PAIRING')).toMatchObject({ code: expect.any(String) });
    expect(again.messages.some((m) => m.type === 'WELCOME')).toBe(false);
    again.ws.close();
  }

  it('the owner resets the key while an impostor holds it: the impostor is cut off', async () => {
    const { mac, key, owner, impostor } = await heldByImpostor();
    const stranger = await createAccount(server);
    const refused = await call('POST', `/api/scale-settings/scales/${mac}/reset-key`, {
      token: stranger.token,
    });
    expect(refused.status).toBe(404);
    expect(await keyHash(mac)).not.toBeNull();

    const reset = await call('POST', `/api/scale-settings/scales/${mac}/reset-key`, {
      token: owner.token,
    });
    expect(reset).toMatchObject({ status: 200, body: { message: 'Pairing key reset' } });
    expect(await impostor.next('REJECT')).toMatchObject({ error: DEVICE_REJECTS.keyReset.error });
    expect((await impostor.closed).code).toBe(1008);
    await expectKeyVoid(mac, key);
  });

  it('an administrator resets it the same way', async () => {
    const { mac, key, admin, impostor } = await heldByImpostor();
    const reset = await call('POST', `/api/admin/scales/${mac}/reset-key`, { token: admin });
    expect(reset.status).toBe(200);
    expect(await impostor.next('REJECT')).toMatchObject({ error: DEVICE_REJECTS.keyReset.error });
    expect((await impostor.closed).code).toBe(1008);
    await expectKeyVoid(mac, key);
  });

  it('a bridged Bluetooth scale has no key to reset', async () => {
    const owner = await createAccount(server);
    const mac = nextMac();
    await server.instance.database.db
      .insertInto('scales')
      .values({
        mac,
        owner_id: owner.id,
        approved: 1,
        bridged: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
    const reply = await call('POST', `/api/scale-settings/scales/${mac}/reset-key`, {
      token: owner.token,
    });
    expect(reply).toMatchObject({ status: 409, body: { error: REFUSALS.bridgedScaleNoKey } });
  });
});
