import { expect, test } from '@playwright/test';
import { adminCommand } from '../support/admin';
import { registerUser, signInThroughForm } from '../support/api';
import { pairedSimulator } from '../support/scale';
import { keepScreenshot } from '../support/screenshots';

// Protocol 1.1: a scale that cannot join the network its owner set reports it (STATUS); the
// owner's scale settings say so, in English and German, on a phone and a laptop.
test('the scale settings say the scale could not join the new network and went back', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const owner = await registerUser(request);
  adminCommand('assign-scale', '--mac', owner.mac, '--username', owner.username);
  const scale = await pairedSimulator({
    server: baseURL!,
    mac: owner.mac,
    keyFile: null,
    seed: 3,
    unreachableSsids: ['Upstairs'],
  });
  const failed = new Promise<string>((resolve) => scale.once('wifi-failed', resolve));
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login');
    await signInThroughForm(page, owner);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/scale-settings');
    await page.getByLabel('Network name (SSID)').fill('Upstairs');
    await page.getByLabel('WiFi password').fill('hoppy-lager');
    await page.getByRole('button', { name: 'Update WiFi' }).click();
    expect(await failed).toBe('Upstairs');

    const notice = page.getByText('Your scale could not join “Upstairs”');
    await expect(async () => {
      await page.reload();
      await expect(notice).toBeVisible({ timeout: 1_000 });
    }).toPass();
    // The owner still sees the network they set, to correct it.
    await expect(page.getByLabel('Network name (SSID)')).toHaveValue('Upstairs');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await keepScreenshot(page, `wifi-failed-en-${width}`);
    }

    // The header's language choice, as a player switches.
    await page.getByRole('banner').getByRole('combobox').selectOption('de');
    const german = page.getByText('Deine Waage konnte sich nicht mit „Upstairs“ verbinden');
    await expect(german).toBeVisible();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await keepScreenshot(page, `wifi-failed-de-${width}`);
    }

    // Setting the WiFi again (to a network the scale can join) clears the report.
    await page.getByLabel('Netzwerkname (SSID)').fill('Downstairs');
    await page.getByLabel('WLAN-Passwort').fill('hoppy-lager-2');
    await page.getByRole('button', { name: 'WLAN speichern' }).click();
    await expect(german).toBeHidden();
    await expect.poll(() => scale.network).toBe('Downstairs');
  } finally {
    scale.stop();
  }
});
