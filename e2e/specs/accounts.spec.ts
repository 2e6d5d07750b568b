import { expect, test } from '@playwright/test';
import { VALIDATION } from '@beerscale/contract/messages';
import { registerUser, signInThroughForm } from '../support/api';

test('registers from a device link, then is sent to sign in', async ({ page }) => {
  await page.goto('/register?mac=c0:ff:ee:00:00:aa');
  const mac = page.getByLabel('Scale MAC Address');
  await expect(mac).toHaveValue('C0FFEE0000AA');
  await expect(mac).toHaveAttribute('readonly', '');
  await expect(page.getByText('MAC address provided via device link')).toBeVisible();

  const username = `linked_${Date.now()}`;
  await page.getByLabel('Username or Email Address').fill(username);
  await page.getByLabel('Player Name (max 10)').fill('Linky');
  await page.getByLabel('Password', { exact: true }).fill('secret-1');
  await page.getByLabel('Confirm Password').fill('secret-2');
  await page.getByRole('button', { name: 'Register Account' }).click();
  await expect(page.getByRole('alert')).toHaveText(VALIDATION.passwordsDoNotMatch);

  await page.getByLabel('Confirm Password').fill('secret-1');
  await page.getByRole('button', { name: 'Register Account' }).click();
  // The age of at least 16 is a required tick: without it nothing is sent.
  await expect(page.getByRole('alert')).toHaveText(
    'Please confirm that you are at least 16 years old',
  );
  await page.getByLabel('I am at least 16 years old').check();
  await page.getByRole('button', { name: 'Register Account' }).click();
  await expect(page.getByText('Registration successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

  await signInThroughForm(page, { username, password: 'secret-1' });
  await expect(page).toHaveURL(/\/home$/);
});

test('cleans a typed MAC address and shows the server refusal for a taken name', async ({
  page,
  request,
}) => {
  const taken = await registerUser(request);
  await page.goto('/register');
  const mac = page.getByLabel('Scale MAC Address');
  await mac.fill('aa-bb-cc-dd-ee-ff-99');
  await expect(mac).toHaveValue('AABBCCDDEEFF');
  await expect(page.getByText('MAC address provided via device link')).toHaveCount(0);
  await page.getByLabel('Username or Email Address').fill(taken.username);
  await page.getByLabel('Player Name (max 10)').fill('Dup');
  await page.getByLabel('Password', { exact: true }).fill('secret-1');
  await page.getByLabel('Confirm Password').fill('secret-1');
  await page.getByLabel('I am at least 16 years old').check();
  await page.getByRole('button', { name: 'Register Account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Username is already taken');
});

test('shows the server error on a failed sign-in', async ({ page, request }) => {
  const user = await registerUser(request);
  await page.goto('/login');
  await signInThroughForm(page, { username: user.username, password: 'wrong-password' });
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
  await expect(page).toHaveURL(/\/login$/);
});

test('returns to the remembered page after login, and bounces signed-in users from public pages', async ({
  page,
  request,
}) => {
  const user = await registerUser(request);
  await page.goto('/dashboard?tab=week#top');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await signInThroughForm(page, user);
  await expect(page).toHaveURL(/\/dashboard\?tab=week#top$/);

  await page.goto('/login');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/register');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/game/instructions');
  await expect(page.getByRole('heading', { name: 'How to Play' })).toBeVisible();
});

test('drops a malformed stored token and sends the visitor to /login', async ({ page }) => {
  await page.goto('/');
  // The app renders once its language catalogue is in: only then is the landing page's session
  // settled (without a token), so the token planted now is first read on /home.
  await expect(page.locator('#root')).not.toBeEmpty();
  await page.evaluate(() => localStorage.setItem('token', 'not.a-token'));
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('logout clears local storage and returns to the landing page', async ({ page, request }) => {
  const user = await registerUser(request);
  await page.goto('/login');
  await signInThroughForm(page, user);
  await expect(page).toHaveURL(/\/home$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Logout' })
    .click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  const verify = await request.get('/api/verify-token', {
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(verify.status()).toBe(200);
});
