import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { SETTING_DEFAULTS } from '@beerscale/contract/scales';
import { SIM_COUNTS_PER_GRAM, ScaleClient } from './scale-client';

// Protocol 1.1 on the simulator's side, against a bare socket server standing in for the server.
let wss: WebSocketServer | null = null;
let scale: ScaleClient | null = null;
afterEach(async () => {
  scale?.stop();
  await new Promise((done) => wss?.close(done));
});

/** A server that welcomes the simulator with `settings` and records what it says. */
async function welcomed(settings: Record<string, string>, options = {}) {
  wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((ready) => wss!.once('listening', ready));
  const heard: any[] = [];
  const socket = new Promise<WebSocket>((resolve) =>
    wss!.on('connection', (ws) => {
      ws.on('message', (data) => heard.push(JSON.parse(data.toString())));
      ws.send(
        JSON.stringify({
          type: 'WELCOME',
          key: 'k',
          protocol: 1,
          minor: 1,
          settings: { ...SETTING_DEFAULTS, ...settings },
          game: null,
        }),
      );
      resolve(ws);
    }),
  );
  const { port } = wss.address() as AddressInfo;
  scale = new ScaleClient({
    server: `ws://127.0.0.1:${port}`,
    mac: 'C0FFEE000002',
    keyFile: null,
    reconnect: false,
    intervalMs: 20,
    ...options,
  });
  scale.place(300);
  scale.start();
  return { heard, socket: await socket };
}

const latest = (heard: any[]) => heard.filter((m) => m.type === 'WEIGHT').at(-1)?.grams;

describe('the simulator', () => {
  it('counts the readings it has sent', async () => {
    const { heard } = await welcomed({});
    await expect.poll(() => heard.filter((m) => m.type === 'WEIGHT').length).toBeGreaterThan(2);
    scale!.stop();
    const weights = () => heard.filter((m) => m.type === 'WEIGHT');
    // Once the last one sent has arrived, the server has heard exactly that many.
    await expect.poll(() => weights().at(-1).seq).toBe(scale!.samplesSent);
    expect(weights().map((m) => m.seq)).toEqual(
      Array.from({ length: scale!.samplesSent }, (_, i) => i + 1),
    );
  });
});

describe('the simulator, protocol 1.1', () => {
  it('says minor 1 in HELLO', async () => {
    const { heard } = await welcomed({});
    await expect.poll(() => heard[0]).toMatchObject({ type: 'HELLO', protocol: 1, minor: 1 });
  });

  it('reads through the calibration_factor it is given, and its own when it is empty', async () => {
    const { heard, socket } = await welcomed({
      calibration_factor: String(SIM_COUNTS_PER_GRAM * 2),
    });
    // Twice its own counts per gram: a 300 g load reads half.
    await expect.poll(() => latest(heard)).toBeCloseTo(150, -0.5);
    socket.send(
      JSON.stringify({ type: 'SETTINGS', cmdId: 'c1', settings: { ...SETTING_DEFAULTS } }),
    );
    await expect.poll(() => latest(heard)).toBeCloseTo(300, -0.5);
  });

  it('calibrates with a known weight and reports the factor with STATUS', async () => {
    const { heard } = await welcomed({ calibration_factor: String(SIM_COUNTS_PER_GRAM * 2) });
    // Calibrated on a stable weight: while the platform still swings, no scale calibrates.
    const lastWeight = () => heard.filter((m) => m.type === 'WEIGHT').at(-1);
    await expect.poll(() => lastWeight()).toMatchObject({ stable: true });
    await expect.poll(() => latest(heard)).toBeCloseTo(150, -0.5);
    const factor = scale!.calibrate(300);
    expect(factor).toBeCloseTo(SIM_COUNTS_PER_GRAM, -1);
    await expect
      .poll(() => heard.find((m) => m.type === 'STATUS'))
      .toEqual({
        type: 'STATUS',
        calibrated: factor,
      });
    await expect.poll(() => latest(heard)).toBeCloseTo(300, -0.5);
  });

  it('reports a network it cannot join once, stays on its own, and never wipes it on ""', async () => {
    const { heard, socket } = await welcomed(
      { wifi_ssid: 'Home', wifi_password: 'hoppy-lager' },
      { unreachableSsids: ['Upstairs'] },
    );
    await expect.poll(() => scale!.network).toBe('Home');
    const settings = { ...SETTING_DEFAULTS, wifi_ssid: 'Upstairs', wifi_password: 'x-12345678' };
    socket.send(JSON.stringify({ type: 'SETTINGS', cmdId: 'w1', settings }));
    // The same command again (a resend): applied once, ACKed twice.
    socket.send(JSON.stringify({ type: 'SETTINGS', cmdId: 'w1', settings }));
    await expect.poll(() => heard.filter((m) => m.type === 'ACK').length).toBe(2);
    expect(heard.filter((m) => m.type === 'STATUS')).toEqual([
      { type: 'STATUS', wifi: 'failed', ssid: 'Upstairs' },
    ]);
    expect(scale!.network).toBe('Home');
    socket.send(
      JSON.stringify({ type: 'SETTINGS', cmdId: 'w2', settings: { ...SETTING_DEFAULTS } }),
    );
    await expect.poll(() => heard.filter((m) => m.type === 'ACK').length).toBe(3);
    expect(scale!.network).toBe('Home');
  });
});
