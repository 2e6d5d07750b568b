import { expect, test } from '@playwright/test';
import { adminCommand } from '../support/admin';
import { registerUser } from '../support/api';

// Linux Chromium offers Web Bluetooth (and the section its connect button) only with this feature.
test.use({
  locale: 'de-DE',
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--enable-features=WebBluetooth'],
  },
});

// German labels are longer: "Ruhezustand nach (Minuten)" wrapped onto two lines beside
// "Kalibrierung (g)" and pushed its field below its neighbour's.
test('the general settings fields stand in one line in German on a laptop', async ({
  page,
  request,
}) => {
  const owner = await registerUser(request);
  adminCommand('assign-scale', '--mac', owner.mac, '--username', owner.username);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await page.getByLabel('Benutzername/E-Mail').fill(owner.username);
  await page.getByLabel('Passwort').fill(owner.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/scale-settings');
  const calibration = await page.getByLabel('Kalibrierung (g)').boundingBox();
  const sleep = await page.getByLabel(/^Ruhezustand/).boundingBox();
  expect(calibration).not.toBeNull();
  expect(sleep?.y).toBe(calibration?.y);
  expect(sleep?.height).toBe(calibration?.height);
});

test('the Bluetooth section’s connect button keeps its words on one line on a phone', async ({
  page,
  request,
}) => {
  const player = await registerUser(request);
  await page.goto('/login');
  await page.getByLabel('Benutzername/E-Mail').fill(player.username);
  await page.getByLabel('Passwort').fill(player.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/home$/);
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/scale-settings');
    const connect = page
      .getByRole('region', { name: 'Bluetooth-Waage' })
      .getByRole('button', { name: 'Bluetooth-Waage verbinden' });
    await expect(connect).toHaveText(/verbinden/);
    // One line of text: the button keeps its minimum height of 48 px.
    expect.soft((await connect.boundingBox())?.height, `${width} px`).toBeLessThanOrEqual(48);
  }
});
