import { expect, test, type Page } from '@playwright/test';
import { VirtualPlayers } from '@beerscale/scale-sim/virtual-players';
import { registerUser } from '../support/api';
import { pairedSimulator } from '../support/scale';

// The table in Germany: the host's phone, a friend's phone and a laptop, all German browsers.
// The host sets up and shares a fast game in German; the friend and the laptop open the link
// (the QR code's target) without an account and follow the whole game to its results.
test.use({ locale: 'de-DE' });

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

/**
 * The watch page speaks German only (none of the English texts of the same screen), and the
 * longer German words still fit the screen's width.
 */
async function expectGerman(watcher: Page) {
  await expect(watcher.locator('html')).toHaveAttribute('lang', 'de');
  const text = (await watcher.locator('main').textContent()) ?? '';
  expect(text).not.toMatch(/Fast Game|On turn|Standings|Final results|Winner|Table screen|Scale/);
  const overflow = await watcher.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a German table follows a fast game through its watch link on two phones and a laptop', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const host = await registerUser(request);
  const scale = await pairedSimulator({ server: baseURL!, mac: host.mac, keyFile: null, seed: 11 });
  const players = new VirtualPlayers(scale, { skill: 0.9, seed: 11 });
  const friendContext = await browser.newContext({ locale: 'de-DE', viewport: PHONE });
  const laptopContext = await browser.newContext({ locale: 'de-DE', viewport: LAPTOP });
  const friend = await friendContext.newPage();
  const laptop = await laptopContext.newPage();
  try {
    await page.setViewportSize(PHONE);
    await page.goto('/login');
    await page.getByLabel('Benutzername/E-Mail').fill(host.username);
    await page.getByLabel('Passwort').fill(host.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/home$/);

    await page.goto(`/game?mac=${host.mac}`);
    await page.getByLabel('Spieler 2', { exact: true }).fill('Bob');
    await page.getByLabel('Runden').selectOption('1');
    await page.getByRole('button', { name: 'Schnelles Spiel einrichten' }).click();
    await page.getByRole('button', { name: 'Live-Ansicht öffnen' }).click();
    await expect(page).toHaveURL(/\/live$/);

    // The set-up game on /live, under its German name: the leader shares it.
    await expect(page.getByRole('heading', { level: 1, name: 'Schnelles Spiel' })).toBeVisible();
    await page.getByRole('button', { name: 'Teilen' }).click();
    await expect(page.getByRole('heading', { name: 'Zuschauer einladen' })).toBeVisible();
    await expect(page.getByTestId('watch-qr')).toBeVisible();
    const url = (await page.getByTestId('watch-link').textContent())!;
    expect(url).toMatch(/\/watch\/[A-Za-z0-9_-]{22}$/);

    // Neither watcher has ever signed in: the link alone shows the game, in German.
    for (const watcher of [friend, laptop]) {
      await watcher.goto(url);
      await expect(
        watcher.getByRole('heading', { level: 1, name: 'Schnelles Spiel' }),
      ).toBeVisible();
      await expect(watcher.getByTestId('watch-on-turn')).toHaveText(
        'Warte auf den Start durch die Spielleitung',
      );
      await expect(watcher.getByText('Eingerichtet').first()).toBeVisible();
      await expectGerman(watcher);
    }
    expect(await friendContext.storageState()).toMatchObject({ cookies: [], origins: [] });
    await laptop.getByRole('button', { name: 'Tischanzeige' }).click();
    await expect(laptop.getByRole('button', { name: 'Handyansicht' })).toBeVisible();

    // The leader starts the game from /live itself.
    await page.getByRole('button', { name: 'Spiel starten' }).click();

    // Running: the round, the target once the first weighing is done, the scale's weight.
    for (const watcher of [friend, laptop]) {
      await expect(watcher.getByText('Runde 1 von 1')).toBeVisible({ timeout: 20_000 });
      await expect(watcher.getByTestId('watch-target')).toHaveText(/^\d+g$/, { timeout: 40_000 });
      await expect(watcher.getByTestId('watch-weight')).toHaveText(/\d+g|Leer/);
      await expect(watcher.getByRole('heading', { name: 'Zwischenstand' })).toBeVisible();
      await expectGerman(watcher);
    }

    // The results, on both watchers and on the host's phone.
    for (const watcher of [friend, laptop]) {
      await expect(watcher.getByRole('heading', { name: 'Endergebnis' })).toBeVisible({
        timeout: 60_000,
      });
      const results = watcher.getByRole('region', { name: 'Endergebnis' });
      await expect(results.getByRole('listitem')).toHaveCount(2);
      await expect(results).toContainText('Bob');
      await expect(results).toContainText(host.playerName);
      await expect(results.getByLabel('Sieger')).toHaveCount(1);
      await expectGerman(watcher);
    }
    await expect(page.getByRole('heading', { name: 'Endergebnis' })).toBeVisible();
    expect(players.finished).toBe(true);

    // The results stay readable through the link after the game, still in German.
    await friend.reload();
    await expect(friend.getByRole('heading', { name: 'Endergebnis' })).toBeVisible();
    await expectGerman(friend);
  } finally {
    players.stop();
    scale.stop();
    await friendContext.close();
    await laptopContext.close();
  }
});
