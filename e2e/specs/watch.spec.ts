import { expect, test } from '@playwright/test';
import { VirtualPlayers } from '@beerscale/scale-sim/virtual-players';
import { registerUser, signInThroughForm } from '../support/api';
import { pairedSimulator } from '../support/scale';
import { keepScreenshot } from '../support/screenshots';

// The table: the host sets up a fast game and shares it from /live; a friend without an account
// opens the link (the QR code's target) on a phone and follows the game to its results.

test('a friend without an account follows a fast game through its watch link', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const host = await registerUser(request);
  const scale = await pairedSimulator({ server: baseURL!, mac: host.mac, keyFile: null, seed: 7 });
  const players = new VirtualPlayers(scale, { skill: 0.9, seed: 7 });
  const friendContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const friend = await friendContext.newPage();
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login');
    await signInThroughForm(page, host);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto(`/game?mac=${host.mac}`);
    await page.getByLabel('Player 2', { exact: true }).fill('Bob');
    await page.getByLabel('Rounds').selectOption('1');
    await page.getByRole('button', { name: 'Setup Fast Game' }).click();
    await expect(page.getByRole('button', { name: 'Start Remote Game' })).toBeVisible();

    // The set-up game on /live: the leader shares it.
    await page.goto('/live');
    await page.getByRole('button', { name: 'Share' }).click();
    const link = page.getByTestId('watch-link');
    await expect(link).toHaveText(/\/watch\/[A-Za-z0-9_-]{22}$/);
    await expect(page.getByTestId('watch-qr')).toBeVisible();
    const url = (await link.textContent())!;
    await keepScreenshot(page, 'live-share-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await keepScreenshot(page, 'live-share-1280');
    await page.setViewportSize({ width: 390, height: 844 });

    // The friend has never signed in: the link alone shows the game.
    await friend.goto(url);
    await expect(friend).toHaveURL(url);
    await expect(friend.getByRole('heading', { level: 1, name: 'Fast Game' })).toBeVisible();
    await expect(friend.getByTestId('watch-on-turn')).toHaveText('Waiting for the leader to start');
    expect(await friendContext.storageState()).toMatchObject({ cookies: [] });

    await page.goto('/game');
    await page.getByRole('button', { name: 'Start Remote Game' }).click();
    await expect(page).toHaveURL(/\/live$/);

    // Live: whose turn, then the target once the first round begins, the scale's weight.
    await expect(friend.getByTestId('watch-on-turn')).toHaveText(/^(Bob|P\w+)$/, {
      timeout: 20_000,
    });
    await expect(friend.getByTestId('watch-target')).toHaveText(/^\d+g$/, { timeout: 40_000 });
    await expect(friend.getByTestId('watch-weight')).toHaveText(/\d+g|Empty/);
    await keepScreenshot(friend, 'watch-390');
    await friend.setViewportSize({ width: 1280, height: 800 });
    await keepScreenshot(friend, 'watch-1280');
    await friend.getByRole('button', { name: 'Table screen' }).click();
    await keepScreenshot(friend, 'watch-table-1280', { fullPage: false });
    await friend.getByRole('button', { name: 'Phone view' }).click();
    await friend.setViewportSize({ width: 390, height: 844 });

    await expect(friend.getByRole('heading', { name: 'Final results' })).toBeVisible({
      timeout: 60_000,
    });
    const results = friend.getByRole('region', { name: 'Final results' });
    await expect(results.getByRole('listitem')).toHaveCount(2);
    await expect(results).toContainText('Bob');
    await expect(results).toContainText(host.playerName);
    await expect(results.getByLabel('Winner')).toHaveCount(1);
    await keepScreenshot(friend, 'watch-results-390');
    await expect(page.getByRole('heading', { name: 'Final results' })).toBeVisible();
    expect(players.finished).toBe(true);

    // The results stay readable through the link after the game (for a day).
    await friend.reload();
    await expect(friend.getByRole('heading', { name: 'Final results' })).toBeVisible();
  } finally {
    players.stop();
    scale.stop();
    await friendContext.close();
  }
});
