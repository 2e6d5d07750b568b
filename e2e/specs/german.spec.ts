import { expect, test } from '@playwright/test';

// A German browser gets the German app from the first page on, and the choice sticks.
test.use({ locale: 'de-DE' });

test('walks from the landing page through registration and sign-in to a game in German', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Trink aufs Gramm genau.');
  await page.getByRole('link', { name: 'Registrieren' }).click();

  await expect(page.getByRole('heading', { name: 'Neues Konto registrieren' })).toBeVisible();
  const suffix = Date.now().toString(36).slice(-6);
  const username = `de_${suffix}`;
  await page.getByLabel('MAC-Adresse der Waage').fill(`DE${Date.now().toString(16).slice(-10)}`);
  await page.getByLabel('Benutzername oder E-Mail-Adresse').fill(username);
  await page.getByLabel('Spielername (max. 10)').fill(`Uwe${suffix}`.slice(0, 10));
  await page.getByLabel('Passwort', { exact: true }).fill('geheim-1');
  await page.getByLabel('Passwort bestätigen').fill('geheim-2');
  await page.getByRole('button', { name: 'Konto registrieren' }).click();
  await expect(page.getByRole('alert')).toHaveText('Die Passwörter stimmen nicht überein.');
  await page.getByLabel('Passwort bestätigen').fill('geheim-1');
  await page.getByLabel('Ich bin mindestens 16 Jahre alt').check();
  await page.getByRole('button', { name: 'Konto registrieren' }).click();
  await expect(page.getByText('Registrierung erfolgreich!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

  // A wrong password: the server's refusal, shown by its code in German.
  await page.getByLabel('Benutzername/E-Mail').fill(username);
  await page.getByLabel('Passwort').fill('falsch-1');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('alert')).toHaveText('Benutzername oder Passwort ist falsch');
  await page.getByLabel('Passwort').fill('geheim-1');
  await page.getByRole('button', { name: 'Anmelden' }).click();

  await expect(page).toHaveURL(/\/home$/);
  // The first sign-in: welcome, not welcome back.
  await expect(page.getByRole('heading', { name: /^Willkommen, / })).toBeVisible();
  await expect(page.getByText('Gespielte Spiele')).toBeVisible();
  await expect(page.getByText('Siegquote')).toBeVisible();

  await page.getByRole('link', { name: 'Spielen' }).first().click();
  await expect(page).toHaveURL(/\/game$/);
  await expect(page.getByRole('heading', { name: 'Spiel einrichten' })).toBeVisible();
  // One name for the mode: the tab says what the button and the title say.
  await expect(page.getByRole('tab', { name: 'Schnelles Spiel' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Schnelles Spiel einrichten' })).toBeVisible();
  await expect(page.getByText('Runden', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Schnelles Spiel einrichten' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Bitte gib mindestens einen weiteren Spielernamen ein',
  );

  // Switched to English in the header: remembered over the browser's German.
  await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
  await expect(page.getByRole('heading', { name: 'Game Setup' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Game Setup' })).toBeVisible();
});

test('shows the public pages in German with their texts alone, not the rest of the catalogue', async ({
  page,
}) => {
  // The rest of each catalogue is its own chunk (en-*.js, de-*.js); the public pages' German
  // texts are a small chunk of their own (first-screen-de-*.js, English's are in the entry),
  // fetched beside the page's chunk.
  const catalogueChunks: string[] = [];
  const firstScreenChunks: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/(en|de)-[\w-]+\.js$/.test(request.url())) catalogueChunks.push(request.url());
    if (/\/assets\/first-screen-de-[\w-]+\.js$/.test(request.url())) {
      firstScreenChunks.push(request.url());
    }
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await page.getByRole('link', { name: 'Hier registrieren' }).click();
  await expect(page.getByRole('button', { name: 'Konto registrieren' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Trink aufs Gramm genau.');
  expect(catalogueChunks).toEqual([]);
  expect(firstScreenChunks.length).toBeGreaterThan(0);

  // A screen beyond the first fetches the German rest beside its own chunk.
  await page.goto('/game/instructions');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('So wird gespielt');
  expect(catalogueChunks.some((url) => /\/assets\/de-/.test(url))).toBe(true);
  // A friend sent the instructions chooses their language there.
  await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How to Play');
});

test("keeps the public pages' header on one line on a 390 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/login', '/register']) {
    await page.goto(path);
    const back = page.getByRole('link', { name: 'Zum Start' });
    await expect(back).toBeVisible();
    const [link, header] = await Promise.all([
      back.boundingBox(),
      page.locator('header').first().boundingBox(),
    ]);
    // The link (an arrow on a phone, its words on wider screens) one row high, and nothing past
    // the screen's edge.
    expect(link!.height, path).toBeLessThanOrEqual(44);
    expect(header!.x + header!.width, path).toBeLessThanOrEqual(390);
    expect(link!.x + link!.width, path).toBeLessThanOrEqual(390);
  }
});
