import { expect, test, type Page } from '@playwright/test';
import { registerUser, signInThroughForm, type TestUser } from '../support/api';
import { EmulatedScale } from '../support/bluetooth-emulation';
import {
  AcaiaModel,
  BookooModel,
  ChipseaModel,
  DecentModel,
  EtekcityModel,
  FelicitaModel,
  TimemoreModel,
  WeightScaleModel,
  type ScaleModel,
} from '../support/scale-models';

// Web Bluetooth exists in Linux Chromium only with this feature; the emulation is global to the
// browser, so each test enables it afresh and turns it off at the end. The tests share nothing:
// they spread over the workers (each worker has a browser of its own), else this file, which
// runs after the others (its own launch options), would finish the run alone.
test.describe.configure({ mode: 'parallel' });
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--enable-features=WebBluetooth'],
  },
});

/** Signed in as `user` on /scale-settings with the emulated scale advertising: its section. */
async function bluetoothSection(page: Page, user: TestUser, scale: EmulatedScale) {
  await page.goto('/login');
  await signInThroughForm(page, user);
  await expect(page).toHaveURL(/\/home$/);
  // The last full page load: after Web Bluetooth was used, a navigation drops the adapter.
  await page.goto('/scale-settings');
  await scale.create();
  return page.getByRole('region', { name: 'Bluetooth scale' });
}

const same = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

interface DriverCase {
  label: string;
  /** The driver the section names. */
  driver: string;
  model: () => ScaleModel;
  /** A weight the scale can show and how the section prints it. */
  grams: number;
  shown: string;
  tare: boolean;
  /** The scale drops the link without heartbeats: the test outlives its timeout. */
  heartbeat?: boolean;
}

const DRIVER_CASES: DriverCase[] = [
  {
    label: 'Decent Scale (Half Decent heartbeat rule)',
    driver: 'Decent Scale',
    model: () => new DecentModel(),
    grams: 523.4,
    shown: '523.4',
    tare: true,
    heartbeat: true,
  },
  {
    label: 'Acaia, newer generation (re-identify)',
    driver: 'Acaia',
    model: () => new AcaiaModel({}, { timeoutMs: 4000 }),
    grams: 1234.56,
    shown: '1,234.6',
    tare: true,
    heartbeat: true,
  },
  {
    label: 'Acaia, older generation',
    driver: 'Acaia',
    model: () => new AcaiaModel({}, { generation: 'old', timeoutMs: 4000 }),
    grams: -12.3,
    shown: '-12.3',
    tare: true,
    heartbeat: true,
  },
  {
    label: 'Felicita',
    driver: 'Felicita',
    model: () => new FelicitaModel(),
    grams: -523.45,
    shown: '-523.5',
    tare: true,
  },
  ...(['attribute', 'whole-grams', 'tenths'] as const).map((layout) => ({
    label: `Chipsea / OKOK, ${layout} layout`,
    driver: 'Chipsea / OKOK kitchen scale',
    model: () => new ChipseaModel(layout),
    grams: -523,
    shown: '-523.0',
    tare: false,
  })),
  {
    label: 'Etekcity ESN00',
    driver: 'Etekcity ESN00 nutrition scale',
    model: () => new EtekcityModel(),
    grams: 523.4,
    shown: '523.4',
    tare: true,
  },
  {
    label: 'Bookoo Themis',
    driver: 'Bookoo Themis',
    model: () => new BookooModel(),
    grams: -52.34,
    shown: '-52.3',
    tare: true,
  },
  {
    label: 'Timemore Black Mirror',
    driver: 'Timemore Black Mirror',
    model: () => new TimemoreModel(),
    grams: 523.4,
    shown: '523.4',
    tare: true,
  },
  {
    label: 'standard Weight Scale (0x181D)',
    driver: 'Bluetooth Weight Scale',
    model: () => new WeightScaleModel(),
    grams: 525,
    shown: '525.0',
    tare: false,
  },
];

// Every driver against its scale's behavioural model: the model sends no weight before its
// handshake, answers its tare command and drops the link when its heartbeat stops.
for (const driverCase of DRIVER_CASES) {
  test(`the ${driverCase.label} driver works its scale model`, async ({
    browser,
    page,
    request,
  }) => {
    const user = await registerUser(request);
    const scale = await EmulatedScale.install(browser, page.context(), page, driverCase.model());
    try {
      const section = await bluetoothSection(page, user, scale);
      await section.getByRole('button', { name: 'Connect Bluetooth scale' }).click();
      await expect(section.getByTestId('bluetooth-driver')).toHaveText(driverCase.driver);
      await expect(section.getByTestId('bluetooth-state')).toHaveText('Connected');
      const weight = section.getByTestId('bluetooth-weight');
      await scale.place(driverCase.grams);
      await expect(weight).toHaveText(driverCase.shown);

      if (driverCase.tare) {
        await scale.place(200);
        await expect(weight).toHaveText('200.0');
        await section.getByRole('button', { name: 'Tare' }).click();
        // The scale zeroes once the command arrived; it shows 0 for what stands on it.
        await expect
          .poll(async () => {
            await scale.place(200);
            return weight.textContent();
          })
          .toBe('0.0');
      } else {
        await expect(section.getByRole('button', { name: 'Tare' })).toHaveCount(0);
      }

      if (driverCase.heartbeat) {
        // Outlive the model's timeout twice over: heartbeats keep the link.
        const model = scale.model as DecentModel | AcaiaModel;
        await expect.poll(() => model.heartbeats, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
        await expect(section.getByTestId('bluetooth-state')).toHaveText('Connected');
        await scale.place(300);
        await expect(weight).toHaveText(driverCase.tare ? '100.0' : '300.0');
      }
      expect(scale.drops).toBe(0);
      expect(scale.silent).toBe(0);
      await expect(section.getByTestId('bluetooth-unparsed')).toHaveCount(0);
    } finally {
      await scale.close();
    }
  });
}

interface GameCase {
  label: string;
  model: () => ScaleModel;
  /** What the scale's tare command writes, in order. */
  tare: number[][];
}

const GAME_CASES: GameCase[] = [
  {
    label: 'Acaia',
    model: () => new AcaiaModel(),
    tare: [[0xef, 0xdd, 0x04, 0x00, 0x00, 0x00]],
  },
  {
    label: 'Decent Scale',
    model: () => new DecentModel(),
    tare: [
      [0x03, 0x0f, 0, 0, 0, 0, 0x0c],
      [0x03, 0x0f, 0, 0, 0, 0, 0x0c],
    ],
  },
];

for (const scaleCase of GAME_CASES) {
  test(`a fast game played to the results on a bridged ${scaleCase.label}`, async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const user = await registerUser(request);
    const auth = { authorization: `Bearer ${user.token}` };
    const scale = await EmulatedScale.install(browser, page.context(), page, scaleCase.model());
    try {
      const section = await bluetoothSection(page, user, scale);
      await section.getByRole('button', { name: 'Connect Bluetooth scale' }).click();
      await expect(section.getByTestId('bluetooth-driver')).toHaveText(scaleCase.label);
      await expect(section.getByTestId('bluetooth-state')).toHaveText('Connected');
      await expect(section.getByTestId('bluetooth-address')).toContainText(/[0-9A-F]{12}/);
      const mac = (await section.getByTestId('bluetooth-address').textContent())!.match(
        /[0-9A-F]{12}/,
      )![0];
      await scale.place(-1.5);
      await expect(section.getByTestId('bluetooth-weight')).toHaveText('-1.5');

      // The server lists it as the player's own scale, connected and bridged.
      const listed = await request.get('/api/scale-settings/scales', { headers: auth });
      expect((await listed.json()).scales).toContainEqual(
        expect.objectContaining({
          mac_address: mac,
          connection_status: 'connected',
          bridged: true,
        }),
      );
      // Its settings say how it is connected; a kitchen scale has no WiFi to set.
      await expect(page.getByRole('heading', { name: 'Bluetooth bridge' })).toBeVisible();
      await expect(page.getByTestId('bridged-link')).toContainText(
        'Connected through this browser’s Bluetooth bridge',
      );
      await expect(page.getByRole('heading', { name: 'WiFi' })).toHaveCount(0);

      const before = scale.writes.length;
      await section.getByRole('button', { name: 'Tare' }).click();
      await expect
        .poll(() =>
          scale.writes.slice(before).filter((w) => scaleCase.tare.some((t) => same(t, w))),
        )
        .toEqual(scaleCase.tare);

      // From here on no page loads: the bridge lives in this page.
      await page.getByRole('link', { name: 'Play' }).first().click();
      await expect(page).toHaveURL(/\/game$/);
      await expect(page.getByLabel('Scale MAC Address')).toHaveValue(mac);
      await page.getByLabel('Player 2', { exact: true }).fill('Bob');
      await page.getByLabel('Rounds').selectOption('1');
      await page.getByRole('button', { name: 'Setup Fast Game' }).click();
      await page.getByRole('button', { name: 'Start Remote Game' }).click();
      await expect(page).toHaveURL(/\/live$/, { timeout: 5000 });
      await expect(page.getByText('Scale connected')).toBeVisible();

      const active = await (await request.get('/api/fast-game/active', { headers: auth })).json();
      const gameId = active.activeGame.gameId as number;
      const state = async () =>
        (await (await request.get(`/api/games/${gameId}/state`, { headers: auth })).json()).game;

      // Each turn: the platform cleared, then a container put down; the bridge repeats the
      // reading ten times a second and the server's engine decides when it stands still.
      for (let turn = 0; turn < 10; turn += 1) {
        const game = await state();
        if (game.status === 'completed') break;
        const player = game.players.find((p: { id: number }) => p.id === game.currentPlayerId);
        const grams =
          game.phase === 'INITIAL_WEIGHING'
            ? 520
            : Math.max(40, (player.lastWeight ?? player.startWeight) - 90);
        const before = JSON.stringify(game);
        await scale.place(0);
        // The server must have seen the platform empty before the next container goes down (the
        // page shows what the server relays): on a busy machine the bridge may not send the
        // empty reading before the next one replaces it, and the game would wait for ever.
        await expect(page.getByTestId('live-weight')).toHaveText('Empty', { timeout: 10_000 });
        await scale.place(grams);
        await expect
          .poll(async () => JSON.stringify(await state()), { timeout: 15_000 })
          .not.toBe(before);
      }

      await expect(page.getByRole('heading', { name: 'Final results' })).toBeVisible({
        timeout: 30_000,
      });
      await expect(page.getByText('Winner').first()).toBeVisible();
      expect((await state()).status).toBe('completed');
      // The scale never dropped the link (heartbeats kept it) and never ignored a weight.
      expect(scale.drops).toBe(0);
      expect(scale.silent).toBe(0);
    } finally {
      await scale.close();
    }
  });
}

// A scale bridged after the ranked lobby was opened (the scale switched on late, the server slow
// to answer): the leader's set-up takes its address without a page load.
test('the ranked set-up follows a bridge that connects after the lobby is on screen', async ({
  browser,
  page,
  request,
}) => {
  const user = await registerUser(request);
  const auth = { authorization: `Bearer ${user.token}` };
  const scale = await EmulatedScale.install(
    browser,
    page.context(),
    page,
    new ChipseaModel('attribute'),
  );
  try {
    const section = await bluetoothSection(page, user, scale);
    scale.holdSubscriptions();
    await section.getByRole('button', { name: 'Connect Bluetooth scale' }).click();
    await expect.poll(() => scale.heldSubscriptions).toBe(1);
    await expect(section.getByTestId('bluetooth-state')).toHaveText('Connecting…');

    await page.getByRole('link', { name: 'Play' }).first().click();
    await page.getByRole('tab', { name: 'Ranked' }).click();
    await page.getByLabel('Game name').fill('Late scale');
    await page.getByRole('button', { name: 'Create Ranked Game' }).click();
    const field = page.getByLabel('Scale MAC Address');
    await expect(field).toHaveValue('');

    scale.releaseSubscriptions();
    const bridged = async () =>
      (
        (await (await request.get('/api/scale-settings/scales', { headers: auth })).json())
          .scales as { mac_address: string; bridged: boolean; connection_status: string }[]
      ).find((s) => s.bridged && s.connection_status === 'connected')?.mac_address;
    await expect.poll(bridged).toMatch(/^[0-9A-F]{12}$/);
    await expect(field).toHaveValue((await bridged())!);
  } finally {
    await scale.close();
  }
});

// An Etekcity ESN00 in its ounce modes plays grams; in a milk mode (no faithful conversion) its
// readings are refused and the player is told, instead of the game getting wrong weights.
test('an Etekcity scale converts ounces to grams and refuses its milk modes visibly', async ({
  browser,
  page,
  request,
}) => {
  const user = await registerUser(request);
  const scale = await EmulatedScale.install(browser, page.context(), page, new EtekcityModel());
  // FE EF C0 A2 D0 05 sign hi lo unit settled sum(D0..settled)
  const frame = (negative: boolean, raw: number, unit: number) => {
    const body = [0xd0, 0x05, negative ? 1 : 0, raw >> 8, raw & 0xff, unit, 0x01];
    return [0xfe, 0xef, 0xc0, 0xa2, ...body, body.reduce((a, b) => a + b, 0) & 0xff];
  };
  try {
    const section = await bluetoothSection(page, user, scale);
    await section.getByRole('button', { name: 'Connect Bluetooth scale' }).click();
    await expect(section.getByTestId('bluetooth-driver')).toHaveText(
      'Etekcity ESN00 nutrition scale',
    );
    await expect(section.getByTestId('bluetooth-state')).toHaveText('Connected');
    const weight = section.getByTestId('bluetooth-weight');

    await scale.push(frame(false, 3810, 0x06)); // 38.1 oz
    await expect(weight).toHaveText('1,080.1');
    await scale.push(frame(true, 570, 0x01)); // -0 lb 5.7 oz
    await expect(weight).toHaveText('-161.6');
    await scale.push(frame(false, 3800, 0x03)); // 38.0 fl oz of water
    await expect(weight).toHaveText('1,079.7');
    await expect(section.getByTestId('bluetooth-unit-refused')).toHaveCount(0);

    await scale.push(frame(false, 10480, 0x04)); // 1048 ml of milk
    await expect(section.getByTestId('bluetooth-unit-refused')).toHaveText(
      /^The scale shows ml of milk: that cannot be turned into grams faithfully/,
    );
    await expect(weight).toHaveText('–');

    await scale.push(frame(false, 10790, 0x00)); // back to grams: 1079.0 g
    await expect(weight).toHaveText('1,079.0');
    await expect(section.getByTestId('bluetooth-unit-refused')).toHaveCount(0);
  } finally {
    await scale.close();
  }
});

// The player bridges the same scale from another tab: the server gives it to that bridge, and
// this page lets the Bluetooth device go (it keeps no connection the other tab needs) and says so.
test('a bridge replaced by another tab releases the Bluetooth device', async ({
  browser,
  page,
  request,
}) => {
  const user = await registerUser(request);
  const scale = await EmulatedScale.install(
    browser,
    page.context(),
    page,
    new ChipseaModel('attribute'),
  );
  try {
    const section = await bluetoothSection(page, user, scale);
    await section.getByRole('button', { name: 'Connect Bluetooth scale' }).click();
    await expect(section.getByTestId('bluetooth-state')).toHaveText('Connected');
    await expect(section.getByTestId('bluetooth-address')).toContainText(/[0-9A-F]{12}/);
    const device = await scale.device();
    expect(device).toEqual({ id: expect.any(String), connected: true });

    // Another tab of the player: a second browser socket from this origin bridging the same
    // device (the server tells tabs apart only by their sockets).
    const taken = await page.evaluate(
      ({ token, deviceId }) =>
        new Promise<unknown>((resolve, reject) => {
          const url = `${location.origin.replace(/^http/, 'ws')}/ws?token=${token}`;
          const other = new WebSocket(url);
          (window as unknown as { __otherTab: WebSocket }).__otherTab = other;
          other.onerror = () => reject(new Error('the other tab could not connect'));
          other.onopen = () =>
            other.send(
              JSON.stringify({
                type: 'BRIDGE_OPEN',
                deviceId,
                name: 'Chipsea-BLE',
                driver: 'chipsea',
              }),
            );
          other.onmessage = (event) => {
            const message = JSON.parse(String(event.data));
            if (message.type === 'BRIDGE_STATUS') resolve(message);
          };
        }),
      { token: user.token, deviceId: device!.id },
    );
    expect(taken).toMatchObject({ type: 'BRIDGE_STATUS', bridged: true });

    await expect.poll(async () => (await scale.device())?.connected).toBe(false);
    await expect(section.getByTestId('bluetooth-taken-over')).toHaveText(
      /^Another tab or device took this scale over/,
    );
    await expect(section.getByRole('button', { name: 'Connect Bluetooth scale' })).toBeVisible();
  } finally {
    await scale.close();
  }
});

// "Scale not listed? Record it": the probe hears a scale no driver is asked about, records its
// frames with times for a bug report, and sends nothing to the server.
test('the probe records a scale model’s frames as JSON, sending nothing to the server', async ({
  browser,
  page,
  request,
}) => {
  const user = await registerUser(request);
  const scale = await EmulatedScale.install(browser, page.context(), page, new FelicitaModel());
  try {
    const section = await bluetoothSection(page, user, scale);
    const probe = section.getByTestId('scale-probe');
    await expect(probe.getByRole('heading', { name: 'Scale not listed? Record it' })).toBeVisible();
    await probe.getByLabel('Known weight (g)').fill('523.4');
    const sent: string[] = [];
    page.on('request', (r) => sent.push(`${r.method()} ${r.url()}`));
    await probe.getByRole('button', { name: 'Record 10 s' }).click();
    await expect(probe.getByTestId('probe-status')).toContainText('Frames so far: 0');

    const expected = new FelicitaModel();
    const weights = [0, 523.4, 523.4, 0];
    for (const grams of weights) await scale.place(grams);
    await expect(probe.getByTestId('probe-status')).toContainText('Frames so far: 4');

    const json = probe.getByTestId('probe-json');
    await expect(json).toBeVisible({ timeout: 15_000 });
    await expect(probe.getByTestId('probe-summary')).toHaveText('Frames recorded from FELICITA: 4');
    const record = JSON.parse(await json.inputValue());
    expect(record).toMatchObject({
      device: { name: 'FELICITA' },
      knownWeightGrams: 523.4,
      durationMs: 10_000,
    });
    expect(record.services).toContainEqual({
      uuid: scale.profile.service,
      characteristics: [
        {
          uuid: scale.profile.notify,
          properties: expect.arrayContaining(['read', 'write', 'notify', 'indicate']),
        },
      ],
    });
    const hex = (bytes: number[]) => bytes.map((b) => b.toString(16).padStart(2, '0')).join(' ');
    expect(record.frames.map((f: { hex: string }) => f.hex)).toEqual(
      weights.map((g) => hex(expected.notification(g)!)),
    );
    const times = record.frames.map((f: { t: number }) => f.t);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.every((t: number) => t >= 0 && t < 10_000)).toBe(true);
    // It only listened, and nothing left the page (the scales list is only read, and stays empty).
    expect(scale.model.writes).toEqual([]);
    expect(sent.filter((r) => !r.startsWith('GET '))).toEqual([]);
    const listed = await request.get('/api/scale-settings/scales', {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect((await listed.json()).scales).toEqual([]);
    await expect(probe.getByRole('button', { name: 'Download JSON' })).toBeVisible();
    await expect(probe.getByRole('button', { name: 'Copy' })).toBeVisible();
  } finally {
    await scale.close();
  }
});
