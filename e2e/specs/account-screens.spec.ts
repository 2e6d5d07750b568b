import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { registerUser, signInThroughForm } from '../support/api';
import { adminCommand } from '../support/admin';
import { keepScreenshot } from '../support/screenshots';

// The account's screens in both languages, phone and laptop: the operator's links, the
// profile's password and devices, the administrator's users page with its reset link and
// disabling, and the reset page a player opens.

async function inLanguage(page: Page, language: 'en' | 'de') {
  await page.evaluate((lang) => localStorage.setItem('language', lang), language);
}

test('the operator links, password change and signed-in devices, in English and German', async ({
  page,
  request,
}) => {
  const me = await registerUser(request);
  // Another device of the same account, with a phone's browser.
  await request.post('/api/login', {
    headers: {
      'user-agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
    },
    data: { username: me.username, password: me.password },
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const legal = page.getByRole('navigation', { name: 'Legal' });
  await expect(legal.getByRole('link', { name: 'Imprint' })).toHaveAttribute(
    'href',
    'https://beerscale.example/imprint',
  );
  await expect(legal.getByRole('link', { name: 'Privacy' })).toHaveAttribute(
    'href',
    'https://beerscale.example/privacy',
  );
  await keepScreenshot(page, 'landing-links-390');
  await inLanguage(page, 'de');
  await page.goto('/register');
  await expect(
    page.getByRole('navigation', { name: 'Rechtliches' }).getByRole('link', { name: 'Impressum' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Datenschutz' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await keepScreenshot(page, 'register-links-de-1280');
  await inLanguage(page, 'en');

  await page.goto('/login');
  await signInThroughForm(page, me);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/profile');
  const devices = page.getByRole('region', { name: 'Signed-in devices' });
  await expect(devices.getByText('Safari 17 on iOS')).toBeVisible();
  await expect(devices.getByText('This device')).toBeVisible();
  await keepScreenshot(page, 'profile-1280');

  // "Download my data": a JSON file with the account in it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^beerscale-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = await download.path();
  const data = JSON.parse(readFileSync(file, 'utf8'));
  expect(data.account).toMatchObject({ id: me.id, username: me.username });
  expect(data.sessions.length).toBeGreaterThanOrEqual(2);

  // A wrong current password is refused; the right one changes it, the phone is signed out.
  const password = page.getByRole('form', { name: 'Change password' });
  await password.getByLabel('Current password').fill('not-my-password');
  await password.getByLabel('New password', { exact: true }).fill('brand-new-pass');
  await password.getByLabel('Confirm new password').fill('brand-new-pass');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByRole('alert')).toHaveText('Your password is not correct');
  await password.getByLabel('Current password').fill(me.password);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText('Password changed. Your other devices are signed out.'),
  ).toBeVisible();
  await expect(devices.getByText('Safari 17 on iOS')).toHaveCount(0);

  await inLanguage(page, 'de');
  await page.reload();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('region', { name: 'Angemeldete Geräte' })).toContainText(
    'Dieses Gerät',
  );
  await expect(page.getByRole('heading', { name: 'Mein Konto löschen' })).toBeVisible();
  await keepScreenshot(page, 'profile-de-390');
});

test('an administrator hands out a reset link and disables an account; the player sets a new password once', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const player = await registerUser(request);
  adminCommand('create-admin', '--username', 'e2e.accounts', '--password', 'accounts-pass-1');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await signInThroughForm(page, { username: 'e2e.accounts', password: 'accounts-pass-1' });
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.getByLabel('Search by username or player name').fill(player.username);
  const row = page.getByRole('listitem').filter({ hasText: player.username });
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: `Disable ${player.username}` }).click();
  await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
  const refused = await request.post('/api/login', {
    data: { username: player.username, password: player.password },
  });
  expect(refused.status()).toBe(403);
  await row.getByRole('button', { name: `Enable ${player.username}` }).click();
  await expect(row.getByText('Disabled', { exact: true })).toHaveCount(0);

  await row.getByRole('button', { name: `Password reset link for ${player.username}` }).click();
  const link = row.getByRole('textbox', { name: 'Reset link' });
  await expect(link).toHaveValue(new RegExp(`^${baseURL}/reset/[A-Za-z0-9_-]{43}$`));
  const url = await link.inputValue();
  await keepScreenshot(page, 'admin-users-1280');
  await page.evaluate(() => localStorage.setItem('language', 'de'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByLabel('Nach Benutzername oder Spielername suchen').fill(player.username);
  await expect(page.getByRole('button', { name: `${player.username} sperren` })).toBeVisible();
  await keepScreenshot(page, 'admin-users-de-390');

  // The player opens the link on a phone, without an account session.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const reset = await phone.newPage();
  try {
    await reset.goto(url);
    await expect(reset.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    await expect(reset.getByText(`For ${player.username}.`)).toBeVisible();
    await keepScreenshot(reset, 'reset-390');
    await reset.getByLabel('New password', { exact: true }).fill('reset-pass-1');
    await reset.getByLabel('Confirm new password').fill('reset-pass-1');
    await reset.getByRole('button', { name: 'Set password' }).click();
    await expect(reset.getByText('Password set. You can now sign in.')).toBeVisible();
    await reset.getByRole('link', { name: 'Sign in' }).click();
    await signInThroughForm(reset, { username: player.username, password: 'reset-pass-1' });
    await expect(reset).toHaveURL(/\/home$/);

    // Once only: the same link now says so, in German too.
    await reset.evaluate(() => localStorage.setItem('language', 'de'));
    await reset.goto(url);
    await expect(reset.getByRole('alert')).toHaveText(
      'Dieser Link zum Zurücksetzen ist ungültig, benutzt oder abgelaufen. Bitte einen Administrator um einen neuen.',
    );
    await reset.setViewportSize({ width: 1280, height: 900 });
    await keepScreenshot(reset, 'reset-used-de-1280');
  } finally {
    await phone.close();
  }

  // The operator's CLI gives a link too, for the address the players use.
  const printed = adminCommand('reset-link', '--username', player.username, '--server', baseURL!);
  const cliUrl = printed.split('\n').find((line) => line.startsWith(baseURL!))!;
  const open = await request.get(`/api/password-reset/${cliUrl.split('/reset/')[1]}`);
  expect(await open.json()).toMatchObject({ username: player.username });
});
