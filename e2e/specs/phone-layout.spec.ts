import { expect, test, type Locator } from '@playwright/test';
import { registerUser, signInThroughForm } from '../support/api';
import { adminCommand } from '../support/admin';
import { fastGameSetUp, playRankedGame, rankedLobby } from '../support/games';
import {
  depthUnderBottomNav,
  horizontalOverflow,
  lineCount,
  MIN_TAP,
  overflowingBoxes,
  overflowingInside,
  PHONE,
  placeholderContrast,
  placeholderOverflow,
  tapSize,
} from '../support/layout';

// Each test registers its own players: they spread over the workers.
test.describe.configure({ mode: 'parallel' });

// German game names are often one long compound word: on a 390 px phone they wrap inside their
// card instead of running out of it (or off the screen).
test('a long one-word game name stays inside its card on a phone', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const played = 'Oktoberfestvorbereitungsmeisterschaft';
  const open = 'Donnerstagsstammtischmeisterschaftsfinale';
  const [leader, friend, guest] = await Promise.all([
    registerUser(request),
    registerUser(request),
    registerUser(request),
  ]);
  const finished = await playRankedGame(request, baseURL!, leader, [friend], [[2, -3]], played);
  const headers = { authorization: `Bearer ${leader.token}` };
  const gameId = await rankedLobby(request, leader, [friend], open);
  await request.post(`/api/games/${gameId}/invites`, { headers, data: { playerId: guest.id } });

  await page.setViewportSize(PHONE);
  await page.goto('/login');
  await signInThroughForm(page, leader);
  await expect(page).toHaveURL(/\/home$/);

  // Home: the recent game and the active game banner.
  const recent = page.getByRole('region', { name: 'Recent Games' });
  await expect(recent.getByText(played)).toBeVisible();
  expect.soft(await overflowingBoxes(recent.getByText(played))).toEqual([]);
  // Beside it, the mean difference keeps its unit on its line ("1.5 g", not "1.5" over "g").
  const difference = recent.getByText(/^\d+\.\d g$/);
  await expect(difference).toBeVisible();
  expect.soft(await lineCount(difference)).toBe(1);
  const banner = page.getByText(`${open} · `);
  await expect(banner).toBeVisible();
  expect.soft(await overflowingBoxes(banner)).toEqual([]);
  expect.soft(await horizontalOverflow(page)).toBe(0);

  // The ranked lobby's heading.
  await page.goto('/game');
  await page.getByRole('tab', { name: 'Ranked' }).click();
  const lobbyTitle = page.getByRole('heading', { name: open });
  await expect(lobbyTitle).toBeVisible();
  expect.soft(await overflowingBoxes(lobbyTitle)).toEqual([]);
  expect.soft(await horizontalOverflow(page)).toBe(0);

  // /live's title, here over the finished game's results.
  await page.evaluate((id) => localStorage.setItem('currentGameId', String(id)), finished.id);
  await page.goto('/live');
  const liveTitle = page.getByRole('heading', { level: 1, name: played });
  await expect(liveTitle).toBeVisible();
  expect.soft(await overflowingBoxes(liveTitle)).toEqual([]);
  expect.soft(await horizontalOverflow(page)).toBe(0);

  // The invitation toast of a player invited to it.
  const guestContext = await browser.newContext({ viewport: PHONE });
  try {
    const guestPage = await guestContext.newPage();
    await guestPage.goto('/login');
    await signInThroughForm(guestPage, guest);
    const invitation = guestPage.getByText(open, { exact: true });
    await expect(invitation).toBeVisible();
    expect.soft(await overflowingBoxes(invitation)).toEqual([]);
    expect.soft(await horizontalOverflow(guestPage)).toBe(0);
  } finally {
    await guestContext.close();
  }
});

// Everything a player taps on a phone is at least 44 × 44 px.
test('the controls a player taps on a phone are big enough for a finger', async ({
  page,
  request,
}) => {
  const [leader, friend] = await Promise.all([registerUser(request), registerUser(request)]);
  const expectTappable = async (control: Locator) => {
    const size = await tapSize(control);
    expect.soft(size.width, `${control}: width`).toBeGreaterThanOrEqual(MIN_TAP);
    expect.soft(size.height, `${control}: height`).toBeGreaterThanOrEqual(MIN_TAP);
  };
  await page.setViewportSize(PHONE);

  // The public header: the brand and the language.
  await page.goto('/');
  await expectTappable(page.getByRole('link', { name: 'beerscale' }));
  await expectTappable(page.getByRole('combobox', { name: 'Language' }));

  // The signed-in header: the language and the player's name (the way to the profile).
  await page.goto('/login');
  await signInThroughForm(page, leader);
  await expect(page).toHaveURL(/\/home$/);
  const header = page.getByRole('banner');
  await expectTappable(header.getByRole('combobox', { name: 'Language' }));
  await expectTappable(header.getByRole('link', { name: leader.playerName }));

  // /live's Share panel: Hide.
  await fastGameSetUp(request, leader);
  await page.goto('/live');
  await page.getByRole('button', { name: 'Share' }).click();
  const link = page.getByTestId('watch-link');
  await expect(link).toHaveText(/\/watch\//);
  await expectTappable(page.getByRole('button', { name: 'Hide' }));
  const watchUrl = (await link.textContent())!;

  // The ranked lobby's drag handles, which set the turn order (creating it closes the fast
  // set-up).
  await rankedLobby(request, leader, [friend], 'Handles');
  await page.goto('/game');
  await page.getByRole('tab', { name: 'Ranked' }).click();
  for (const player of [leader, friend]) {
    await expectTappable(page.getByRole('button', { name: `Move ${player.playerName}` }));
  }

  // The watch link's page: Table screen and the language.
  await page.goto(watchUrl);
  await expectTappable(page.getByRole('button', { name: 'Table screen' }));
  await expectTappable(page.getByRole('combobox', { name: 'Language' }));

  // A toast's close button (the profile's rename says it worked in one).
  await page.goto('/profile');
  await page.getByLabel(/^Player name/).fill('Tapper');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Player name updated' });
  await expectTappable(toast.getByRole('button', { name: 'close' }));
  await toast.getByRole('button', { name: 'close' }).click();
  await expect(toast).toBeHidden();
});

// The public pages fit phones from 320 px up in either language: no sideways scrolling (the
// landing page's German headline, the headers' brand, language and way on), and room between the
// brand and the rest of the header.
test('the public pages fit small phones in English and German', async ({ page }) => {
  for (const language of ['en', 'de']) {
    await page.goto('/');
    await page.evaluate((code) => localStorage.setItem('language', code), language);
    for (const path of ['/', '/login', '/register', '/game/instructions']) {
      for (const width of [320, 360, 390]) {
        await page.setViewportSize({ width, height: PHONE.height });
        await page.goto(path);
        const header = page.getByRole('banner');
        const brand = await header.getByRole('link', { name: 'beerscale' }).boundingBox();
        const choice = await header.getByRole('combobox').boundingBox();
        const where = `${path} at ${width} px in ${language}`;
        expect.soft(await horizontalOverflow(page), where).toBe(0);
        expect.soft(choice!.x - (brand!.x + brand!.width), where).toBeGreaterThanOrEqual(8);
      }
    }
  }
});

// The signed-in header on a phone from 320 px up shows a ten-letter name (the longest allowed)
// whole, in English and German (whose language choice is wider).
test('the header shows a ten-letter player name whole on a phone', async ({ page, request }) => {
  const player = await registerUser(request, { playerName: 'Bartholomä' });
  await page.setViewportSize(PHONE);
  await page.goto('/login');
  await signInThroughForm(page, player);
  await expect(page).toHaveURL(/\/home$/);
  for (const language of ['en', 'de']) {
    await page.evaluate((code) => localStorage.setItem('language', code), language);
    for (const width of [320, 360, 390]) {
      await page.setViewportSize({ width, height: PHONE.height });
      await page.goto('/home');
      const where = `${language} at ${width} px`;
      const name = page.getByRole('banner').getByText('Bartholomä', { exact: true });
      await expect(name).toBeVisible();
      expect.soft(await name.evaluate((el) => el.scrollWidth - el.clientWidth), where).toBe(0);
      expect.soft(await horizontalOverflow(page), where).toBe(0);
      // The brand is its logo alone there, still a finger's size.
      const brand = page.getByRole('banner').getByRole('link', { name: 'beerscale' });
      await expect(brand).toBeVisible();
      const size = await tapSize(brand);
      expect.soft(Math.min(size.width, size.height), where).toBeGreaterThanOrEqual(MIN_TAP);
    }
  }
});

// A finished four-player game of two rounds on a 390 px phone: every average in the scores keeps
// its unit on its line, and the podium keeps its icons.
test("the scores' averages stay on one line on a phone", async ({ page, request, baseURL }) => {
  const [leader, ...others] = await Promise.all([0, 1, 2, 3].map(() => registerUser(request)));
  if (!leader) throw new Error('no leader registered');
  const offsets = [
    [3, -5, 12, 7],
    [0, 8, -20, 4],
  ];
  const game = await playRankedGame(request, baseURL!, leader, others, offsets, 'Averages');
  expect(game.status).toBe('completed');

  await page.setViewportSize(PHONE);
  await page.goto('/login');
  await signInThroughForm(page, leader);
  await expect(page).toHaveURL(/\/home$/);
  await page.evaluate((id) => localStorage.setItem('currentGameId', String(id)), game.id);
  await page.goto('/live');
  const scores = page.getByRole('region', { name: 'Scores' });
  const averages = scores.getByRole('cell', { name: /^\d+\.\d g$/ });
  await expect(averages).toHaveCount(4);
  for (const average of await averages.all()) {
    expect.soft(await lineCount(average), (await average.textContent()) ?? '').toBe(1);
  }
  // The podium above keeps its icons whole (the winner's trophy was squeezed to nothing), every
  // row inside the card and no text over another.
  const podium = page.getByRole('region', { name: 'Results' }).getByRole('listitem');
  await expect(podium).toHaveCount(4);
  for (const [index, place] of (await podium.all()).entries()) {
    // The winner's trophy keeps its 24 px; no icon is squeezed (a drink's stands at 16 px).
    const widths = await place
      .locator('svg')
      .evaluateAll((icons) => icons.map((icon) => icon.getBoundingClientRect().width));
    if (index === 0) expect.soft(widths).toContain(24);
    for (const width of widths) expect.soft(width).toBeGreaterThanOrEqual(16);
    expect.soft(await overflowingBoxes(place)).toEqual([]);
    expect.soft(await overflowingInside(place)).toEqual([]);
  }
  expect(await horizontalOverflow(page)).toBe(0);
});

// The phone's bottom navigation is fixed over the page: scrolled to its end, no screen leaves
// anything under it (the leader's controls and Share panel at the end of /live included).
test('no screen ends under the bottom navigation on a phone', async ({ page, request }) => {
  const player = await registerUser(request);
  const admin = { username: `e2e_admin_${Date.now().toString(36)}`, password: 'admin-pass-12' };
  adminCommand('create-admin', '--username', admin.username, '--password', admin.password);
  await page.setViewportSize(PHONE);
  await page.goto('/login');
  await signInThroughForm(page, player);
  await expect(page).toHaveURL(/\/home$/);
  const nav = page.getByRole('navigation', { name: 'Mobile' });
  await expect(nav).toBeVisible();

  const screens: [string, (() => Promise<void>)?][] = [
    ['/home'],
    ['/dashboard'],
    ['/game'],
    ['/game', () => page.getByRole('tab', { name: 'Ranked' }).click()],
    ['/profile'],
    ['/scale-settings'],
  ];
  for (const [path, open] of screens) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await open?.();
    // Loaded: no spinner left (the connection banner is a live region that stays, empty).
    await expect(
      page.locator('main [role="status"]:not([data-testid="connection-banner"])'),
    ).toHaveCount(0);
    expect.soft(await depthUnderBottomNav(page), path).toBeLessThanOrEqual(0);
  }

  // /live of a set-up fast game with its Share panel open.
  await fastGameSetUp(request, player);
  await page.goto('/live');
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByTestId('watch-qr')).toBeVisible();
  expect.soft(await depthUnderBottomNav(page), '/live').toBeLessThanOrEqual(0);

  // /admin, for an administrator.
  await nav.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await signInThroughForm(page, admin);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/admin');
  await expect(page.getByRole('button', { name: 'Assign' }).first()).toBeVisible();
  expect.soft(await depthUnderBottomNav(page), '/admin').toBeLessThanOrEqual(0);
});

// The ranked lobby's line-up on phones of 360 and 390 px, in English and German, with ten-letter
// names: each row's controls (drag handle, Kick) stay inside the row.
test("the ranked lobby's line-up fits a phone in English and German", async ({ page, request }) => {
  const leader = await registerUser(request, { playerName: 'Bartholomä' });
  const friend = await registerUser(request, { playerName: 'Wolfgangus' });
  await rankedLobby(request, leader, [friend], 'Line-up');
  await page.setViewportSize(PHONE);
  await page.goto('/login');
  await signInThroughForm(page, leader);
  await expect(page).toHaveURL(/\/home$/);
  for (const [language, kick] of [
    ['en', 'Kick'],
    ['de', 'Entfernen'],
  ] as const) {
    await page.evaluate((code) => {
      localStorage.setItem('language', code);
      localStorage.setItem('selectedGameMode', 'ranked');
    }, language);
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: PHONE.height });
      await page.goto('/game');
      const row = page.getByRole('listitem').filter({ hasText: 'Wolfgangus' });
      const button = row.getByRole('button', { name: kick });
      await expect(button).toBeVisible();
      const where = `${width} px, ${language}`;
      expect.soft(await overflowingBoxes(button), where).toEqual([]);
      expect.soft(await horizontalOverflow(page), where).toBe(0);
      const [rowBox, buttonBox] = [await row.boundingBox(), await button.boundingBox()];
      expect
        .soft(buttonBox!.x + buttonBox!.width, where)
        .toBeLessThanOrEqual(rowBox!.x + rowBox!.width);
      const size = await tapSize(button);
      expect.soft(Math.min(size.width, size.height), where).toBeGreaterThanOrEqual(MIN_TAP);
      // The leader's tag is never broken inside its word ("Spiel-leitung" at 390 px).
      const tag = page
        .getByRole('listitem')
        .filter({ hasText: 'Bartholomä' })
        .getByText(language === 'de' ? '(Spielleitung)' : '(Leader)', { exact: true });
      expect.soft(await lineCount(tag), `leader tag ${where}`).toBe(1);
    }
  }
});

// The scale address field's hint ("12 hex digits, e.g. AABBCCDDEEFF") and the way to a Bluetooth
// scale are read whole on 360 and 390 px phones in English and German (the fast game's set-up; the ranked lobby's uses the same
// field).
test("the scale address field's hint fits a phone", async ({ page, request }) => {
  const leader = await registerUser(request);
  await page.setViewportSize(PHONE);
  await page.goto('/login');
  await signInThroughForm(page, leader);
  await expect(page).toHaveURL(/\/home$/);
  for (const language of ['en', 'de']) {
    await page.evaluate((code) => localStorage.setItem('language', code), language);
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: PHONE.height });
      await page.goto('/game');
      const field = page.locator('input[placeholder*="AABBCCDDEEFF"]');
      await expect(field).toBeVisible();
      const where = `${language} at ${width} px`;
      expect.soft(await placeholderOverflow(field), where).toBeLessThanOrEqual(0);
      // The way to the Bluetooth scale above it keeps its words on one line.
      const bluetooth = page.getByRole('link', { name: /Bluetooth/ });
      expect.soft(await lineCount(bluetooth), where).toBe(1);
    }
  }
});

// Placeholders are hints read at a dim table: they keep a contrast of at least 4.5:1 (WCAG AA),
// on the registration form and the set-up form (the scale address, a player's name).
test('placeholders are legible against their fields', async ({ page, request }) => {
  const player = await registerUser(request);
  await page.setViewportSize(PHONE);
  await page.goto('/register');
  const registrationMac = page.getByLabel('Scale MAC Address');
  await expect(registrationMac).toBeVisible();
  expect
    .soft(await placeholderContrast(registrationMac), 'registration')
    .toBeGreaterThanOrEqual(4.5);
  await page.goto('/login');
  await signInThroughForm(page, player);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/game');
  for (const [name, field] of [
    ['scale address', page.getByLabel('Scale MAC Address')],
    ['player name', page.getByLabel('Player 2', { exact: true })],
  ] as const) {
    await expect(field).toBeVisible();
    expect.soft(await placeholderContrast(field), name).toBeGreaterThanOrEqual(4.5);
  }
});
