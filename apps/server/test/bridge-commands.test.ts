import { afterAll, beforeAll, expect, it } from 'vitest';
import { COMMAND_MAX_SENDS } from '@beerscale/contract/device-socket';
import { bridgedScaleMac } from '../src/devices/bridge-address';
import type { Account } from './support/accounts';
import { adminToken, pairRawDevice } from './support/pairing';
import type { RawDevice } from './support/device-socket';
import { openSocket, type TestSocket } from './support/socket-client';
import { describeEachDialect } from './support/each-dialect';
import { createAccount } from './support/factories';
import { macMaker } from './support/next-mac';

/** Resends every 100 ms: a command nobody ACKs is given up after COMMAND_MAX_SENDS of them. */
const RESEND_MS = 100;
const GIVEN_UP_WITHIN_MS = RESEND_MS * (COMMAND_MAX_SENDS + 2);

const nextMac = macMaker('BC');

// A bridged Bluetooth scale has no screen: its link drops CONFIGURE and START, so nothing may
// wait for their ACK, and the leader must not be told the scale failed to answer them.
describeEachDialect(
  'commands to a bridged scale',
  { config: { deviceCommandResendMs: RESEND_MS } },
  ({ server, call }) => {
    let admin: string;
    const sockets: TestSocket[] = [];
    const devices: RawDevice[] = [];

    beforeAll(async () => {
      admin = await adminToken(call, server.instance.database);
    });
    afterAll(async () => {
      sockets.forEach((s) => s.close());
      devices.forEach((d) => d.ws.close());
    });

    async function started(leader: Account, mac: string) {
      const created = await call('POST', '/api/fast-game', {
        token: leader.token,
        body: { players: [leader.playerName, 'Bob'], scaleAddress: mac, containerType: 'BEER_CAN' },
      });
      expect(created.status).toBe(201);
      const gameId = created.body.gameId as number;
      const reply = await call('POST', `/api/fast-game/${gameId}/start`, { token: leader.token });
      expect(reply.status).toBeLessThan(300);
    }
    const leaderSocket = async (leader: Account) => {
      const socket = await openSocket(`${server.wsUrl}/ws?token=${leader.token}`);
      sockets.push(socket);
      return socket;
    };

    it('waits for no ACK from a bridged scale and tells its leader nothing', async () => {
      // The bridged game first, then a WiFi scale's that never ACKs, as the yardstick: the outbox
      // gives up every command due in one pass, so once the WiFi leader hears SCALE_NACK, a
      // bridged command waited for would have been given up too.
      const bridging = await createAccount(server);
      const bridged = await leaderSocket(bridging);
      const deviceId = `ble-${process.pid}-commands==`;
      bridged.send({ type: 'BRIDGE_OPEN', deviceId, name: 'Chipsea-BLE', driver: 'chipsea' });
      expect(await bridged.next('BRIDGE_STATUS')).toMatchObject({ bridged: true });
      await started(bridging, bridgedScaleMac(bridging.id, deviceId));

      const mac = nextMac();
      const wifiLeader = await createAccount(server, { mac });
      const wifi = await leaderSocket(wifiLeader);
      const { device } = await pairRawDevice(server.wsUrl, call, admin, mac);
      devices.push(device);
      await started(wifiLeader, mac);
      expect(await wifi.next('SCALE_NACK', GIVEN_UP_WITHIN_MS * 20)).toMatchObject({
        macAddress: mac,
      });

      await bridged.roundTrip();
      expect(bridged.messages.filter((m) => m.type === 'SCALE_NACK')).toEqual([]);
    });
  },
);
