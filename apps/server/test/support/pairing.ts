import { vi } from 'vitest';
import { ScaleClient, type ScaleClientOptions } from '@beerscale/scale-sim/scale-client';
import { runAdminCommand } from '../../src/admin/admin-cli';
import { openDatabase, type DatabaseHandle } from '../../src/db/database';
import { openDevice, type RawDevice } from './device-socket';
import type { HttpCall } from './http-client';

let adminSeq = 0;

/**
 * An administrator's token for the server behind `call` (an administrator may pair
 * any scale). `database` is the server's handle, or its URL for a server in another process.
 */
export async function adminToken(
  call: HttpCall,
  database: DatabaseHandle | string,
): Promise<string> {
  adminSeq += 1;
  const username = `pairing.admin.${process.pid}.${adminSeq}`;
  const handle = typeof database === 'string' ? openDatabase(database) : database;
  try {
    await runAdminCommand(
      handle,
      ['create-admin', '--username', username, '--password', 'pairing-admin-pass'],
      () => {},
    );
  } finally {
    if (typeof database === 'string') await handle.close();
  }
  const login = await call('POST', '/api/login', {
    body: { username, password: 'pairing-admin-pass' },
  });
  if (login.status !== 200) throw new Error(`admin login failed: ${JSON.stringify(login.body)}`);
  return login.body.token;
}

/**
 * Confirms the code a device shows, as an administrator; throws unless it paired. Through a load
 * balancer the confirmation may reach an instance the pending pairing has not reached over the bus
 * yet (a person typing a code never outruns it; a test does), so "not waiting" is retried briefly.
 */
export async function confirmCode(call: HttpCall, token: string, mac: string, code: string) {
  const reply = await vi.waitFor(
    async () => {
      const reply = await call('POST', `/api/admin/scales/${mac}/pair`, { token, body: { code } });
      if (/not waiting to be paired/.test(String(reply.body?.error))) {
        throw new Error(`pairing failed: ${JSON.stringify(reply.body)}`);
      }
      return reply;
    },
    { timeout: 3_000, interval: 50 },
  );
  if (reply.status !== 200) throw new Error(`pairing failed: ${JSON.stringify(reply.body)}`);
}

/** A bare device socket through the whole handshake: HELLO, PAIRING, the code confirmed, WELCOME. */
export async function pairRawDevice(
  wsUrl: string,
  call: HttpCall,
  token: string,
  mac: string,
  hello: Record<string, unknown> = {},
): Promise<{ device: RawDevice; key: string; welcome: any }> {
  const device = await openDevice(wsUrl);
  device.send({ type: 'HELLO', mac, ...hello });
  const { code } = await device.next('PAIRING');
  await confirmCode(call, token, mac, code);
  const welcome = await device.next('WELCOME');
  return { device, key: welcome.key, welcome };
}

/**
 * A simulated scale, paired once through the administrator's API (it keeps its key, and
 * presents it when it reconnects), connected and streaming when this resolves.
 */
export async function startPairedScale(
  call: HttpCall,
  token: string,
  options: ScaleClientOptions,
): Promise<ScaleClient> {
  const scale = new ScaleClient(options);
  await pairScale(call, token, scale, options.mac);
  return scale;
}

/** Starts `scale` and confirms its code if it shows one; resolves once it is welcomed. */
export function pairScale(
  call: HttpCall,
  token: string,
  scale: ScaleClient,
  mac: string,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`scale ${mac} was never welcomed`)), 15_000);
    scale.once('WELCOME', () => {
      clearTimeout(timer);
      resolve();
    });
    scale.once('PAIRING', ({ code }) => {
      confirmCode(call, token, mac, code).catch((err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
    scale.start();
  });
}
