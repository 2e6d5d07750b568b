import { expect, test } from '@playwright/test';
import { ScaleClient } from '@beerscale/scale-sim/scale-client';
import { adminCommand } from '../support/admin';
import { registerUser, signInThroughForm } from '../support/api';
import { keepScreenshot } from '../support/screenshots';

// Issue 42: the owner resets their scale's pairing key from its settings page; the device
// connected with the key is cut off at once. Shot at 390 and 1280 px in English and German.

test("an owner resets their scale's key and the connected device is cut off", async ({
  page,
  request,
  baseURL,
}) => {
  const owner = await registerUser(request);
  adminCommand('assign-scale', '--mac', owner.mac, '--username', owner.username);
  const scale = new ScaleClient({
    server: baseURL!,
    mac: owner.mac,
    keyFile: null,
    reconnect: false,
  });
  const shown = new Promise<string>((resolve) => scale.once('PAIRING', (m) => resolve(m.code)));
  scale.start();
  try {
    await page.goto('/login');
    await signInThroughForm(page, owner);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/scale-settings');
    const pairing = page.getByRole('region', { name: 'Pair this scale' });
    await pairing.getByLabel('Enter the code shown on your scale').fill(await shown);
    await pairing.getByRole('button', { name: 'Pair scale' }).click();
    await expect(page.getByTestId('connection-status')).toHaveText('Connected');

    const closed = new Promise<number>((resolve) => scale.once('close', resolve));
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Reset pairing key' }).click();
    await expect(
      page.getByText('Pairing key reset: enter the code your scale shows'),
    ).toBeVisible();
    expect(await closed).toBe(1008);
    await expect(page.getByTestId('connection-status')).toHaveText('Offline');

    for (const language of ['en', 'de'] as const) {
      await page.evaluate((lang) => localStorage.setItem('language', lang), language);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/scale-settings');
        await expect(
          page.getByRole('button', {
            name: language === 'en' ? 'Reset pairing key' : 'Kopplungsschlüssel zurücksetzen',
          }),
        ).toBeVisible();
        await keepScreenshot(page, `scale-key-reset-${language}-${width}`);
      }
    }
  } finally {
    scale.stop();
  }
});
