import { expect, test } from '@playwright/test';
import { TOASTS } from '@beerscale/contract/messages';
import { ScaleClient } from '@beerscale/scale-sim/scale-client';
import { adminCommand } from '../support/admin';
import { registerUser, signInThroughForm } from '../support/api';

test('an owner pairs their scale by its code, configures it and watches it go offline', async ({
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
  const settingsPushed: Record<string, string>[] = [];
  scale.on('SETTINGS', (m) => settingsPushed.push(m.settings));
  const shown = new Promise<string>((resolve) => scale.once('PAIRING', (m) => resolve(m.code)));
  scale.start();
  try {
    await page.goto('/login');
    await signInThroughForm(page, owner);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/scale-settings');
    // The scale shows a code; the owner types it where the page asks for it.
    const code = await shown;
    const panel = page.getByRole('region', { name: 'Pair this scale' });
    await expect(panel).toBeVisible({ timeout: 10_000 });
    await panel.getByLabel('Enter the code shown on your scale').fill('12345');
    await panel.getByRole('button', { name: 'Pair scale' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Enter the 6-digit code shown on the scale');
    await panel.getByLabel('Enter the code shown on your scale').fill(code);
    await panel.getByRole('button', { name: 'Pair scale' }).click();
    await expect(page.getByTestId('connection-status')).toHaveText('Connected');
    await expect(panel).toBeHidden();
    expect(scale.key).toEqual(expect.any(String));

    const update = page.getByRole('button', { name: 'Update WiFi' });
    await expect(update).toBeDisabled();
    await page.getByLabel('Network name (SSID)').fill('Stammtisch');
    await expect(update).toBeDisabled();
    await page.getByLabel('WiFi password').fill('short');
    await update.click();
    await expect(page.getByText('WiFi password must be at least 8 characters')).toBeVisible();
    await page.getByLabel('WiFi password').fill('hoppy-lager');
    await update.click();
    await expect(page.getByText(TOASTS.wifiUpdated)).toBeVisible();
    await expect.poll(() => settingsPushed.at(-1)?.wifi_password).toBe('hoppy-lager');

    await page.getByLabel('Device name').fill('Bar scale');
    await page.getByLabel('Sleep timeout (minutes)').fill('61');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Sleep timeout must be between 1 and 60 minutes')).toBeVisible();
    await page.getByLabel('Sleep timeout (minutes)').fill('15');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText(TOASTS.settingsUpdated, { exact: true })).toBeVisible();
    await expect.poll(() => settingsPushed.at(-1)?.sleep_timeout).toBe('15');

    await page.reload();
    await expect(page.getByLabel('Device name')).toHaveValue('Bar scale');
    await expect(page.getByLabel('WiFi password')).toHaveAttribute('placeholder', /\[SET\]/);

    scale.stop();
    await expect(page.getByTestId('connection-status')).toHaveText('Offline');
  } finally {
    scale.stop();
  }
});

test('a player without a scale of their own is told how the code of the registered one makes it theirs', async ({
  page,
  request,
}) => {
  const user = await registerUser(request);
  await page.goto('/login');
  await signInThroughForm(page, user);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/scale-settings');
  await expect(page.getByRole('heading', { name: 'No Scales Found' })).toBeVisible();
  await expect(page.getByText(/type the code it shows/)).toBeVisible();
  // The address they registered with waits for its code, no administrator needed.
  await expect(page.getByRole('heading', { name: `Your scale ${user.mac}` })).toBeVisible();
});

test('an administrator assigns a registered scale in /admin', async ({ page, request }) => {
  const player = await registerUser(request);
  const adminName = `admin_${Date.now()}`;
  adminCommand('create-admin', '--username', adminName, '--password', 'admin-pass-1');
  await page.goto('/login');
  await signInThroughForm(page, { username: adminName, password: 'admin-pass-1' });
  await expect(page).toHaveURL(/\/home$/);
  // On desktop the way to /admin is the player name in the header, then the profile.
  await page
    .getByRole('banner')
    .getByRole('link', { name: adminName.slice(0, 10) })
    .click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('link', { name: 'Administration' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const card = page.getByRole('listitem', { name: `Scale ${player.mac}` });
  await expect(card).toContainText(player.username);
  await card.getByRole('button', { name: 'Assign' }).click();
  // The owner's row appears once the user search has answered.
  const owner = card.getByRole('listitem').filter({ hasText: player.username });
  await owner.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText(`${player.mac} assigned to ${player.playerName}`)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Unassign' })).toBeVisible();
  const check = await request.get('/api/scale-settings/check-scales', {
    headers: { authorization: `Bearer ${player.token}` },
  });
  expect(await check.json()).toEqual({ hasScales: true });
  const forbidden = await request.get('/api/admin/scales', {
    headers: { authorization: `Bearer ${player.token}` },
  });
  expect(forbidden.status()).toBe(403);
});
