import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import type { GameState } from '@beerscale/contract/game-state';
import type { ScaleClient } from '@beerscale/scale-sim/scale-client';
import { registerUser, signInThroughForm, type TestUser } from '../support/api';
import { pairedSimulator } from '../support/scale';
import { keepScreenshot } from '../support/screenshots';

// Everyone plays from their own phone (docs/ARCHITECTURE.md, Seats): the leader's phone shows
// the join code, Bob and Cid take their seats on theirs at /join/{code}, and a Bundeswiega game
// is played where each of them calls, gives and estimates on their own phone while the
// simulator weighs. Cid's phone loses its network for 15 s (an estimate sent meanwhile is
// applied once it is back) and reloads: the seat and the action survive. The seats follow the
// game over the watch socket. A fourth phone finds every seat taken and watches the game from
// the join page instead.

const PHONE = { width: 390, height: 844 };

function table(request: APIRequestContext, host: TestUser, scale: ScaleClient, live: Page) {
  const headers = { authorization: `Bearer ${host.token}` };
  let gameId = 0;
  const state = async (): Promise<GameState> => {
    const reply = await request.get(`/api/games/${gameId}/state`, { headers });
    expect(reply.ok(), await reply.text()).toBe(true);
    return (await reply.json()).game;
  };
  const progress = (game: GameState) =>
    JSON.stringify([
      game.phase,
      game.round,
      game.currentPlayerId,
      game.players.map((p) => [p.startWeight, p.differences.length]),
    ]);
  return {
    set gameId(id: number) {
      gameId = id;
    },
    state,
    /** The container of the player on turn goes on the scale until the server counts it. */
    async weigh(grams: number) {
      await expect(live.getByTestId('live-weight')).toHaveText('Empty', { timeout: 10_000 });
      const before = progress(await state());
      scale.place(grams);
      await expect.poll(async () => progress(await state()), { timeout: 15_000 }).not.toBe(before);
      scale.remove();
    },
    async post(path: string, data: object) {
      const reply = await request.post(`/api/games/${gameId}/${path}`, { headers, data });
      expect(reply.ok(), await reply.text()).toBe(true);
    },
  };
}

test('a leader and two seats play Bundeswiega, each phone calling, giving and estimating for itself', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const host = await registerUser(request);
  const scale = await pairedSimulator({ server: baseURL!, mac: host.mac, keyFile: null, seed: 38 });
  const contexts: BrowserContext[] = [];
  const phone = async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'en-GB' });
    contexts.push(context);
    return { context, page: await context.newPage() };
  };
  try {
    const created = await request.post('/api/fast-game', {
      headers: { authorization: `Bearer ${host.token}` },
      data: {
        players: [host.playerName, 'Bob', 'Cid'],
        scaleAddress: host.mac,
        containerType: 'BEER_BOTTLE',
        rounds: 2,
        rules: { preset: 'bundeswiega', penalties: { exact: 'gives' } },
        adultsConfirmed: true,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const play = table(request, host, scale, page);
    play.gameId = (await created.json()).gameId;

    // The leader's phone: /live shows the code and its QR, and who sits where.
    await page.setViewportSize(PHONE);
    await page.goto('/login');
    await signInThroughForm(page, host);
    await expect(page).toHaveURL(/\/home$/);
    // The game was set up over the API: /live opens the game this browser saved, as after a set-up.
    const gameId = (await created.json()).gameId as number;
    await page.evaluate((id) => localStorage.setItem('currentGameId', String(id)), gameId);
    await page.goto('/live');
    await expect(page.getByTestId('join-code')).toBeVisible();
    const code = (await page.getByTestId('join-code').textContent())!.trim();
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}$/);
    await expect(page.getByTestId('join-qr')).toBeVisible();
    await keepScreenshot(page, 'seats-leader-live-390');

    // Bob and Cid open the code's page on their phones and tap their names.
    const bob = await phone();
    const cid = await phone();
    // Bob's phone follows the game on the watch socket: no token in its address, SEAT first.
    const bobSockets: { url: string; first: Promise<string> }[] = [];
    bob.page.on('websocket', (ws) => {
      const first = new Promise<string>((resolve) =>
        ws.once('framesent', (frame) => resolve(String(frame.payload))),
      );
      bobSockets.push({ url: ws.url(), first });
    });
    // While its socket is open the phone does not ask for the game (a slow poll only while down).
    let bobAsked = 0;
    bob.page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/seat') bobAsked += 1;
    });
    for (const [seat, name] of [
      [bob.page, 'Bob'],
      [cid.page, 'Cid'],
    ] as const) {
      await seat.goto(`/join/${code.toLowerCase()}`);
      await expect(seat.getByRole('heading', { name: 'Fast Game' })).toBeVisible();
      await seat.getByRole('button', { name: new RegExp(`^${name}`) }).click();
      await expect(seat.getByRole('heading', { name, level: 1 })).toBeVisible();
      await expect(seat.getByText('Waiting for the leader to start the game.')).toBeVisible();
    }
    const bobToken = await bob.page.evaluate(() => JSON.parse(localStorage.getItem('seat')!).token);
    await expect.poll(() => bobSockets.filter((ws) => /\/ws\/watch$/.test(ws.url)).length).toBe(1);
    expect(bobSockets.map((ws) => ws.url).join(' ')).not.toContain(bobToken);
    const seatSocket = bobSockets.find((ws) => /\/ws\/watch$/.test(ws.url))!;
    expect(JSON.parse(await seatSocket.first)).toEqual({ type: 'SEAT', token: bobToken });
    // The leader sees both seats held; nobody else can take Bob's seat.
    await expect(page.getByRole('list', { name: 'Seats' })).toContainText('Bob');
    await expect(page.getByRole('list', { name: 'Seats' }).getByText(/^Taken/)).toHaveCount(2);
    const late = await phone();
    await late.page.goto(`/join/${code}`);
    await expect(
      late.page.getByText('Every seat is taken. You can watch the game from this phone.'),
    ).toBeVisible();
    await keepScreenshot(late.page, 'seats-join-full-390');
    // The fourth phone watches instead: the game's watch page, no seat taken.
    await late.page.getByRole('link', { name: 'Watch the game' }).click();
    await expect(late.page).toHaveURL(/\/watch\/[A-Za-z0-9_-]{22}$/);
    await expect(late.page.getByText('Bob').first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Seats' }).getByText(/^Taken/)).toHaveCount(2);

    await page.getByRole('button', { name: 'Start game' }).click();
    for (const grams of [600, 610, 620]) await play.weigh(grams);

    // Round 1: the leader calls (their own call, from /live's API here); target 550.
    await expect(cid.page.getByText(`${host.playerName} names the amount.`)).toBeVisible();
    await play.post('target', { amount: 50 });
    await expect(bob.page.getByText('target 550 g')).toBeVisible();
    // The watcher without a seat follows the same game live.
    await expect(late.page.getByTestId('watch-target')).toContainText('550');
    await keepScreenshot(late.page, 'seats-latecomer-watches-390');
    await play.weigh(560);
    await expect(bob.page.getByText('Your turn: put your bottle on the scale')).toBeVisible();
    await play.weigh(550);
    await play.weigh(530);

    // Bob hit exactly: his phone asks whom to give a penalty; Cid's says Bob chooses.
    await expect(bob.page.getByText('You hit exactly: give a penalty to …')).toBeVisible();
    await keepScreenshot(bob.page, 'seats-give-390');
    await expect(cid.page.getByText('Bob chooses who gets a penalty.')).toBeVisible();
    await bob.page.getByRole('button', { name: 'Give to Cid' }).click();

    // Round 2: Bob calls on his phone; Cid's phone goes offline for 15 s meanwhile.
    await expect(bob.page.getByText('You call this round: name the amount')).toBeVisible();
    await keepScreenshot(bob.page, 'seats-call-390');
    await cid.context.setOffline(true);
    await expect(cid.page.getByTestId('seat-connection')).toHaveText('Reconnecting…');
    await keepScreenshot(cid.page, 'seats-reconnecting-390');
    await bob.page.getByRole('button', { name: '40 g' }).click();
    await expect(bob.page.getByText('target 490 g')).toBeVisible();
    await cid.page.waitForTimeout(15_000);
    await cid.context.setOffline(false);
    await expect(cid.page.getByTestId('seat-connection')).toHaveText('Back: connected again');
    await expect(cid.page.getByText('target 490 g')).toBeVisible();
    const afterGive = await play.state();
    expect(afterGive.players[2]!.penaltyLog).toContainEqual({
      round: 1,
      reason: 'given',
      fromPlayerId: afterGive.players[1]!.id,
    });

    for (const grams of [495, 485, 500]) await play.weigh(grams);

    // The finale: each seat states its own estimate. Cid sends his offline, then reloads.
    await expect(bob.page.getByText('Your estimate for the empty bottle')).toBeVisible();
    await keepScreenshot(bob.page, 'seats-estimate-390');
    await bob.page.getByLabel('Your estimate for the empty bottle').fill('205');
    await bob.page.getByRole('button', { name: 'Send' }).click();
    await expect(bob.page.getByText('Your estimate: 205 g. Waiting for the others.')).toBeVisible();
    await cid.context.setOffline(true);
    await cid.page.getByLabel('Your estimate for the empty bottle').fill('190');
    await cid.page.getByRole('button', { name: 'Send' }).click();
    await expect(cid.page.getByText('Sending…')).toBeVisible();
    await cid.page.waitForTimeout(15_000);
    await cid.context.setOffline(false);
    await expect(cid.page.getByText('Your estimate: 190 g. Waiting for the others.')).toBeVisible({
      timeout: 15_000,
    });
    await cid.page.reload();
    await expect(cid.page.getByRole('heading', { name: 'Cid', level: 1 })).toBeVisible();
    await expect(cid.page.getByText('Your estimate: 190 g. Waiting for the others.')).toBeVisible();
    await play.post('estimate', { playerId: (await play.state()).players[0]!.id, grams: 200 });
    const finale = await play.state();
    expect(finale.phase).toBe('FINALE');
    expect(finale.players.map((p) => p.estimate)).toEqual([200, 205, 190]);

    await play.weigh(205);
    await expect(bob.page.getByText('Your turn: put your bottle on the scale')).toBeVisible();
    await play.weigh(200);
    await play.weigh(195);
    await expect
      .poll(async () => (await play.state()).status, { timeout: 15_000 })
      .toBe('completed');
    await expect(bob.page.getByText(/^Game over: you finished in place \d\./)).toBeVisible();
    await expect(cid.page.getByText(/^Game over: you finished in place \d\./)).toBeVisible();
    await keepScreenshot(cid.page, 'seats-over-390');
    await bob.page.setViewportSize({ width: 1280, height: 800 });
    await keepScreenshot(bob.page, 'seats-over-1280');
    // About a minute of play: a poll every 1.5 s (or 5 s throughout) would have asked far more.
    expect(bobAsked).toBeLessThan(12);
    // Each applied once: one given penalty, one estimate each.
    const done = await play.state();
    expect(
      done.players.flatMap((p) => p.penaltyLog).filter((e) => e.reason === 'given'),
    ).toHaveLength(1);
  } finally {
    for (const context of contexts) await context.close();
    scale.stop();
  }
});

test('a German phone of 320 px takes its seat and follows the game in German', async ({
  browser,
  request,
}) => {
  const host = await registerUser(request);
  const headers = { authorization: `Bearer ${host.token}` };
  const created = await request.post('/api/fast-game', {
    headers,
    data: {
      players: [host.playerName, 'Anna', 'Maximilian'],
      scaleAddress: host.mac,
      containerType: 'BEER_CAN',
      rounds: 2,
      rules: { preset: 'bundeswiega' },
      adultsConfirmed: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const gameId = (await created.json()).gameId as number;
  const seats = await (await request.get(`/api/games/${gameId}/seats`, { headers })).json();
  const context = await browser.newContext({
    viewport: { width: 320, height: 640 },
    locale: 'de-DE',
  });
  try {
    const phone = await context.newPage();
    await phone.goto(`/join/${seats.joinCode}`);
    await expect(
      phone.getByText('Tippe auf deinen Namen, um deinen Platz zu nehmen.'),
    ).toBeVisible();
    await expect(phone.getByText('Eigenes Handy')).toBeVisible();
    await expect(phone.getByRole('link', { name: 'Spiel zuschauen' })).toBeVisible();
    await keepScreenshot(phone, 'seats-join-de-320');
    await phone.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(phone, 'seats-join-de-390');
    await phone.setViewportSize({ width: 320, height: 640 });
    await phone.getByRole('button', { name: /^Maximilian/ }).click();
    await expect(phone.getByText('Warten, bis die Spielleitung das Spiel startet.')).toBeVisible();
    const start = await request.post(`/api/fast-game/${gameId}/start`, { headers });
    expect(start.ok()).toBe(true);
    for (const grams of [400, 410]) {
      await request.post(`/api/games/${gameId}/measurements`, { headers, data: { grams } });
    }
    await expect(phone.getByText('Du bist dran: Stell deine Dose auf die Waage')).toBeVisible();
    await keepScreenshot(phone, 'seats-turn-de-320');
    await phone.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(phone, 'seats-turn-de-390');
    await phone.setViewportSize({ width: 320, height: 640 });
    // Nothing of the page is wider than the phone.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
  } finally {
    await context.close();
  }
});
