import { expect, test } from '@playwright/test';
import { ERRORS } from '@beerscale/contract/messages';
import { registerUser, signInThroughForm } from '../support/api';
import { playRankedGame } from '../support/games';
import { keepScreenshot } from '../support/screenshots';

test('home tells a player how they are doing after a game, with the rating chart', async ({
  page,
  request,
  baseURL,
}) => {
  const [me, friend] = await Promise.all([registerUser(request), registerUser(request)]);
  const game = await playRankedGame(request, baseURL!, me, [friend], [[0, 6]], 'Derby');
  expect(game.status).toBe('completed');

  await page.goto('/login');
  await signInThroughForm(page, me);
  await expect(page).toHaveURL(/\/home$/);
  await expect(
    page.getByRole('heading', { name: `Welcome back, ${me.playerName}!` }),
  ).toBeVisible();
  await expect(page.getByText('Current ELO 1216')).toBeVisible();
  const stats = page.getByRole('region', { name: 'Statistics' });
  await expect(stats.getByText('Games Played')).toBeVisible();
  await expect(stats).toContainText('1Games Played');
  await expect(stats).toContainText('1Games Won');
  await expect(stats).toContainText('100%Win Rate');
  await expect(stats).toContainText('1216Peak ELO');
  const recent = page.getByRole('region', { name: 'Recent Games' });
  await expect(recent).toContainText('Derby');
  await expect(recent.getByText('Winner')).toBeVisible();
  await expect(page.getByRole('img', { name: 'ELO rating history' })).toBeVisible();
  // Tonight (issue #43) and the rest of home at a phone's width, in English and German.
  await expect(page.getByText('Tonight', { exact: true })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, 'home-en-390');
  await page.evaluate(() => localStorage.setItem('language', 'de'));
  await page.reload();
  await expect(
    page.getByRole('heading', { name: `Willkommen zurück, ${me.playerName}!` }),
  ).toBeVisible();
  await expect(page.getByText('Heute Abend', { exact: true })).toBeVisible();
  await keepScreenshot(page, 'home-de-390');
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await page.setViewportSize({ width: 1280, height: 800 });

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Leaderboard' })
    .click();
  const row = page.getByRole('row').filter({ hasText: me.playerName });
  await expect(row).toContainText('1216');
  await expect(row).toContainText('0.0 g');
  await expect(row).toContainText('1 win');
});

test('home shows a skeleton while loading and Try Again after a failure', async ({
  page,
  request,
}) => {
  const me = await registerUser(request);
  // First a failure without an error field (a proxy's page), then one the server explains.
  const failures = [
    { status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' },
    {
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: ERRORS.unavailable }),
    },
  ];
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/home', async (route) => {
    const failure = failures.shift();
    if (failure) {
      await held;
      await route.fulfill(failure);
      return;
    }
    await route.continue();
  });
  await page.goto('/login');
  await signInThroughForm(page, me);
  await expect(page.getByRole('status', { name: 'Loading your dashboard' })).toBeVisible();
  release();
  await expect(page.getByText(ERRORS.fetchHome)).toBeVisible();
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByText(ERRORS.unavailable)).toBeVisible();
  await expect(page.getByText(ERRORS.fetchHome)).toBeHidden();
  await page.getByRole('button', { name: 'Try Again' }).click();
  // A player without games is greeted for the first time.
  await expect(page.getByRole('heading', { name: `Welcome, ${me.playerName}!` })).toBeVisible();
  await expect(page.getByText('No games yet.')).toBeVisible();
});

test('the profile shows the scale waiting for approval and renames the player', async ({
  page,
  request,
}) => {
  const me = await registerUser(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await signInThroughForm(page, me);
  await expect(page).toHaveURL(/\/home$/);
  await page
    .getByRole('navigation', { name: 'Mobile' })
    .getByRole('link', { name: 'Profile' })
    .click();
  await expect(page.getByText(me.username)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: me.mac })).toContainText(
    'Not paired yet: pair it in Scale settings',
  );
  await page.getByLabel('Player name (max 10)').fill('Renamed');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Player name updated')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Mobile' })
    .getByRole('link', { name: 'Home' })
    .click();
  await expect(page.getByRole('heading', { name: 'Welcome, Renamed!' })).toBeVisible();
  // The session follows the rename: Game Setup's locked Player 1 and the header chip.
  await page
    .getByRole('navigation', { name: 'Mobile' })
    .getByRole('link', { name: 'Play' })
    .click();
  await expect(page.getByLabel('Player 1', { exact: true })).toHaveValue('Renamed');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Renamed' })).toBeVisible();
});
