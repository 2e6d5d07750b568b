import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ScaleClient } from '@beerscale/scale-sim/scale-client';
import { registerUser, signInThroughForm, type TestUser } from '../support/api';
import { horizontalOverflow } from '../support/layout';
import { keepScreenshot } from '../support/screenshots';

// Issue 44: the morning after, every finished game opens from home; a newcomer pairs their scale
// by the code it shows, with no administrator and no terminal.

/**
 * A finished fast game of four, played by the leader's typed readings, with penalties;
 * `started` runs once it is started, before the first reading.
 */
async function finishedGame(
  request: APIRequestContext,
  leader: TestUser,
  started: (gameId: number) => Promise<void> = async () => {},
): Promise<number> {
  const auth = { authorization: `Bearer ${leader.token}` };
  const created = await request.post('/api/fast-game', {
    headers: auth,
    data: {
      players: [leader.playerName, 'Jonas', 'Mia', 'Tim'],
      scaleAddress: leader.mac,
      containerType: 'BEER_BOTTLE',
      rounds: 2,
      rules: { penalties: { farthest: true } },
    },
  });
  expect(created.status()).toBe(201);
  const gameId: number = (await created.json()).gameId;
  expect((await request.post(`/api/fast-game/${gameId}/start`, { headers: auth })).status()).toBe(
    200,
  );
  await started(gameId);
  let game: { target: number; status: string } | null = null;
  const type = async (grams: number) => {
    const reply = await request.post(`/api/games/${gameId}/measurements`, {
      headers: auth,
      data: { grams },
    });
    expect(reply.status()).toBe(200);
    game = (await reply.json()).game;
  };
  for (const full of [560, 555, 562, 558]) await type(full);
  for (const offsets of [
    [0, 9, 4, 21],
    [2, 30, 4, 1],
  ]) {
    for (const offset of offsets) await type(game!.target + offset);
  }
  expect(game!.status).toBe('completed');
  return gameId;
}

async function checkGamePage(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await keepScreenshot(page, `game-page-${name}-${width}`);
  }
}

test('a finished game opens from home the morning after, with its rounds and penalties', async ({
  page,
  request,
}) => {
  const leader = await registerUser(request);
  const gameId = await finishedGame(request, leader);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await signInThroughForm(page, leader);
  await expect(page).toHaveURL(/\/home$/);
  const row = page.getByRole('link', { name: /against Jonas, Mia, Tim/ });
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/games/${gameId}$`));
  await expect(page.getByRole('heading', { name: 'Rounds and readings' })).toBeVisible();
  const penalties = page.getByRole('region', { name: 'Penalties and why' });
  await expect(penalties.getByText('Round 1: farthest off')).toBeVisible();
  const card = page.getByRole('img', { name: /The result card of/ });
  await expect(card).toBeVisible({ timeout: 20_000 });
  // The picture itself loaded (the page's CSP refuses blob: images).
  await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  await checkGamePage(page, 'en');

  // The profile lists the same game.
  await page.goto('/profile');
  await expect(page.getByRole('link', { name: /against Jonas, Mia, Tim/ })).toHaveAttribute(
    'href',
    `/games/${gameId}`,
  );
});

// The evening: reloading /live after the game ended found only "No game to show" (the game's
// end clears the saved id); the last game that ended is linked to its page.
test('/live after the game ended links to its results', async ({ page, request }) => {
  const leader = await registerUser(request);
  await page.goto('/login');
  await signInThroughForm(page, leader);
  await expect(page).toHaveURL(/\/home$/);
  const gameId = await finishedGame(request, leader, async () => {
    await page.goto('/live');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fast Game');
  });
  await expect(page.getByRole('heading', { name: 'Final results' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No game to show' })).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await keepScreenshot(page, `live-last-game-${width}`);
  }
  await page.getByRole('link', { name: 'See the last game’s results' }).click();
  await expect(page).toHaveURL(new RegExp(`/games/${gameId}$`));
  await expect(page.getByRole('heading', { name: 'Rounds and readings' })).toBeVisible();
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('the game page speaks German and fits a phone', async ({ page, request }) => {
    const leader = await registerUser(request);
    const gameId = await finishedGame(request, leader);
    await page.goto('/login');
    await page.getByLabel('Benutzername/E-Mail').fill(leader.username);
    await page.getByLabel('Passwort').fill(leader.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await page.goto(`/games/${gameId}`);
    await expect(page.getByRole('heading', { name: 'Runden und Messwerte' })).toBeVisible();
    await expect(page.getByText('Runde 1: am weitesten daneben').first()).toBeVisible();
    await checkGamePage(page, 'de');
    // /live with no open game links to the last one that ended (saved when it ended).
    await page.evaluate((id) => localStorage.setItem('lastGameId', String(id)), gameId);
    await page.goto('/live');
    await page.setViewportSize({ width: 390, height: 844 });
    const last = page.getByRole('link', { name: 'Ergebnisse des letzten Spiels ansehen' });
    await expect(last).toHaveAttribute('href', `/games/${gameId}`);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await keepScreenshot(page, 'live-last-game-de-390');
  });
});

test('a newcomer pairs their scale by the code it shows, with no administrator', async ({
  page,
  request,
  baseURL,
}) => {
  const newcomer = await registerUser(request);
  const scale = new ScaleClient({ server: baseURL!, mac: newcomer.mac, keyFile: null, seed: 5 });
  const code = new Promise<string>((resolve) => scale.once('PAIRING', (m) => resolve(m.code)));
  const welcomed = new Promise<void>((resolve) => scale.once('WELCOME', () => resolve()));
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login');
    await signInThroughForm(page, newcomer);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/scale-settings');
    await expect(page.getByRole('heading', { name: `Your scale ${newcomer.mac}` })).toBeVisible();
    await keepScreenshot(page, 'scale-awaiting-390');
    scale.start();
    const shown = await code;
    const panel = page.getByRole('region', { name: 'Pair this scale' });
    await expect(panel).toBeVisible({ timeout: 15_000 });
    await panel.getByRole('textbox').fill(shown);
    await panel.getByRole('button').first().click();
    await welcomed;
    await expect(page.getByText('Scale paired')).toBeVisible();
  } finally {
    scale.stop();
  }
});

test('the table screen is an address: a reload keeps it, with the QR for latecomers', async ({
  page,
  request,
}) => {
  const leader = await registerUser(request);
  const auth = { authorization: `Bearer ${leader.token}` };
  const created = await request.post('/api/fast-game', {
    headers: auth,
    data: {
      players: [leader.playerName, 'Jonas', 'Mia', 'Tim'],
      scaleAddress: leader.mac,
      containerType: 'BEER_BOTTLE',
      rounds: 2,
    },
  });
  const gameId: number = (await created.json()).gameId;
  await request.post(`/api/fast-game/${gameId}/start`, { headers: auth });
  const link = await (
    await request.post(`/api/games/${gameId}/watch-link`, { headers: auth })
  ).json();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(link.path);
  await page.getByRole('button', { name: 'Table screen' }).click();
  await expect(page).toHaveURL(new RegExp(`${link.path}/table$`));
  await page.reload();
  await expect(page.getByTestId('latecomer-qr')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Phone view' })).toBeVisible();
  await keepScreenshot(page, 'table-screen-qr-1280', { fullPage: false });
  await page.getByRole('button', { name: 'Phone view' }).click();
  await expect(page).toHaveURL(new RegExp(`${link.path}$`));
  await expect(page.getByTestId('latecomer-qr')).toHaveCount(0);
});
