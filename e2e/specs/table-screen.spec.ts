import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import type { GameState } from '@beerscale/contract/game-state';
import { registerUser, type TestUser } from '../support/api';
import { keepScreenshot } from '../support/screenshots';

// The evening a group of four lives on the table screen and the watch page: a Bundeswiega game
// (the caller names each round's amount, an exact hit gives a penalty, more than 50 g off is out,
// the finale's estimates) played by typed readings, looked at in every phase.

const auth = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });
type Language = 'en' | 'de';

/** The game's moves through the real API, as the leader's phone makes them. */
function leaderOf(request: APIRequestContext, leader: TestUser, gameId: number) {
  const post = async (path: string, data?: object): Promise<GameState> => {
    const reply = await request.post(`/api/games/${gameId}/${path}`, {
      headers: auth(leader),
      ...(data ? { data } : {}),
    });
    expect(reply.ok(), `${path}: ${await reply.text()}`).toBe(true);
    return (await reply.json()).game as GameState;
  };
  return {
    type: (grams: number) => post('measurements', { grams }),
    call: (amount: number) => post('target', { amount }),
    give: (toPlayerId: number) => post('give', { toPlayerId }),
    estimate: (playerId: number, grams: number) => post('estimate', { playerId, grams }),
  };
}

/**
 * The watchers' contexts, closed after each test: the browser lives as long as the worker, and
 * an open watch page keeps its socket, which counts against the watchers allowed per address
 * (WATCH_MAX_PER_ADDRESS) for every spec that runs after this one in the worker.
 */
const opened: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});

/** A watch page in its own browser context, with the table screen switched on or not. */
async function watcher(
  browser: Browser,
  path: string,
  language: Language,
  width: number,
  height: number,
  { clock = false } = {},
): Promise<Page> {
  const context = await browser.newContext({
    locale: language === 'de' ? 'de-DE' : 'en-GB',
    viewport: { width, height },
    reducedMotion: 'reduce',
  });
  opened.push(context);
  const page = await context.newPage();
  // A clock of Playwright's, to be stopped while screens are measured.
  if (clock) await page.clock.install();
  await page.goto(path);
  await expect(page.getByText('Live', { exact: true })).toBeVisible({ timeout: 30_000 });
  return page;
}

/** A Bundeswiega game of four set up on the leader's scale (2 rounds), with its watch link. */
async function bundeswiega(request: APIRequestContext, leader: TestUser) {
  const body = {
    players: [leader.playerName, 'Jonas', 'Mia', 'Tim'],
    scaleAddress: leader.mac,
    containerType: 'BEER_BOTTLE',
    rounds: 2,
    rules: { preset: 'bundeswiega' },
  };
  let created = await request.post('/api/fast-game', { headers: auth(leader), data: body });
  if ((await created.json()).code === 'ADULTS_NOT_CONFIRMED') {
    // Where penalties are spirits, the leader confirms that everyone playing is an adult.
    created = await request.post('/api/fast-game', {
      headers: auth(leader),
      data: { ...body, adultsConfirmed: true },
    });
  }
  expect(created.ok(), await created.text()).toBe(true);
  const gameId = (await created.json()).gameId as number;
  const link = await (
    await request.post(`/api/games/${gameId}/watch-link`, { headers: auth(leader) })
  ).json();
  const start = async () =>
    expect(
      (await request.post(`/api/fast-game/${gameId}/start`, { headers: auth(leader) })).ok(),
    ).toBe(true);
  return { gameId, watchPath: link.path as string, start, play: leaderOf(request, leader, gameId) };
}

test('a Bundeswiega evening on the table screen, phase by phase (German, 1280 x 800)', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const leader = await registerUser(request);
  const { watchPath, start, play } = await bundeswiega(request, leader);
  const tv = await watcher(browser, watchPath, 'de', 1280, 800);
  await tv.getByRole('button', { name: /Tischanzeige/ }).click();
  const shot = (name: string) => keepScreenshot(tv, `table-${name}`, { fullPage: false });
  await shot('1-set-up');

  await start();
  // Who is asked and what to do, in the phase's own words (never a stale target line).
  await expect(tv.getByTestId('watch-step')).toHaveText(
    `${leader.playerName}: Stell deine volle Flasche auf die Waage`,
  );
  await shot('2-initial-weighing');
  let game = await play.type(560);
  for (let i = 0; i < 3; i += 1) game = await play.type(560);
  expect(game.phase).toBe('CALLING');
  await expect(tv.getByTestId('rules-caller')).toBeVisible();
  await expect(tv.getByText('Ziel nach dem ersten Wiegen')).toHaveCount(0);
  await shot('3-calling');
  game = await play.call(40);
  expect(game.phase).toBe('DRINKING');
  await expect(tv.getByTestId('watch-target')).toBeVisible();
  await expect(tv.getByTestId('watch-step')).toHaveText('Alle trinken!: Trinkt bis zum Ziel');
  await shot('4-drinking');
  const target = game.target!;
  game = await play.type(target + 3);
  await expect(tv.getByTestId('watch-step')).toHaveText(
    'Jonas: Stell deine Flasche wieder auf die Waage',
  );
  await shot('5-scoring');
  game = await play.type(target);
  game = await play.type(target + 12);
  game = await play.type(target + 67);
  // Tim is out: an announcement on the screen, in the layout beside the standings.
  await expect(tv.getByTestId('out-news')).toHaveText(/Tim ist raus: 67 g daneben/);
  await shot('6-round-scored');
  expect(game.phase).toBe('CALLING');
  game = await play.call(30);
  for (const offset of [5, 8, 2]) game = await play.type(game.target! + offset);
  expect(game.phase).toBe('ESTIMATING');
  await expect(tv.getByText('Ziel nach dem ersten Wiegen')).toHaveCount(0);
  await shot('7-estimating');
  for (const p of game.players.filter((p) => !p.disqualified)) {
    game = await play.estimate(p.id, 230);
  }
  expect(game.phase).toBe('FINALE');
  await expect(tv.getByTestId('watch-step')).toHaveText(
    `Alle: in Ruhe austrinken: ${leader.playerName}: stell deine leere Flasche auf die Waage`,
  );
  await shot('8-finale');
  for (const grams of [236, 228, 240]) game = await play.type(grams);
  expect(game.status).toBe('completed');
  await expect(tv.getByTestId('table-podium')).toBeVisible();
  // The round's news have had their time (8 s): the results as the table sees them afterwards.
  await expect(tv.getByTestId('penalty-toast')).toHaveCount(0, { timeout: 15_000 });
  await shot('9-results');
  await tv.getByRole('button', { name: 'Auszeichnungen' }).click();
  await shot('10-awards');
});

const WIDTHS = [320, 390, 1280, 1920] as const;
const HEIGHT: Record<(typeof WIDTHS)[number], number> = {
  320: 700,
  390: 844,
  1280: 800,
  1920: 1080,
};

/** How the standings' names, the badges beside them and the page's width hold up. */
function nameLayout(page: Page) {
  return page.evaluate(() => {
    const lines = (element: Element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
    };
    return {
      // A four-letter name on more than one line fell apart letter by letter.
      brokenNames: [...document.querySelectorAll('[data-testid="standings-name"]')]
        .filter((name) => lines(name) > 1)
        .map((name) => `${name.textContent} (${lines(name)} lines)`),
      brokenBadges: [...document.querySelectorAll('[data-testid="fresh-difference"]')]
        .filter((badge) => lines(badge) > 1)
        .map((badge) => badge.textContent),
      badges: document.querySelectorAll('[data-testid="fresh-difference"]').length,
      sideways: document.scrollingElement!.scrollWidth - window.innerWidth,
    };
  });
}

/** Texts below the table screen's header smaller than 24 px (a TV is read from 3 m). */
function smallTexts(page: Page) {
  return page.evaluate(() => {
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement!;
      if (!node.textContent!.trim() || element.closest('header, .sr-only')) continue;
      if (element.getClientRects().length === 0) continue;
      const size = parseFloat(getComputedStyle(element).fontSize);
      if (size < 24)
        found.add(
          `${node.textContent!.trim()} (${size} px, ${element.tagName} ${element.className})`,
        );
    }
    return [...found];
  });
}

/**
 * What the latecomers' QR lies over: the elements at points across its box that are neither the
 * QR's nor around it (fixed in a corner, it covered the finale's estimates at 1280 x 800).
 */
function underQr(page: Page) {
  return page.getByTestId('latecomer-qr').evaluate((qr) => {
    const box = qr.getBoundingClientRect();
    const found = new Set<string>();
    for (let x = 0; x <= 4; x += 1) {
      for (let y = 0; y <= 4; y += 1) {
        const at = document.elementsFromPoint(
          box.left + 1 + ((box.width - 2) * x) / 4,
          box.top + 1 + ((box.height - 2) * y) / 4,
        );
        for (const element of at) {
          if (!qr.contains(element) && !element.contains(qr)) {
            found.add(`${element.tagName} ${element.textContent!.slice(0, 40)}`);
          }
        }
      }
    }
    return { covered: [...found], bottom: box.bottom - window.innerHeight };
  });
}

/** How far a box reaches below the bottom of the window (≤ 0: all of it on the screen). */
function belowFold(box: Locator) {
  return box.evaluate((element) =>
    Math.ceil(element.getBoundingClientRect().bottom - window.innerHeight),
  );
}

test('the watch page and the table screen at 320, 390, 1280 and 1920 px in both languages', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  // The winner (the leader's readings win) under a name of the longest length allowed: on a
  // 320 px phone the winner's row also holds the trophy, and a random name broke there.
  const leader = await registerUser(request, { playerName: 'Maximilian' });
  const { watchPath, start, play } = await bundeswiega(request, leader);
  const pages: { page: Page; language: Language; width: (typeof WIDTHS)[number] }[] = [];
  for (const language of ['en', 'de'] as const) {
    for (const width of WIDTHS) {
      // The page's own clock stands still while it is measured: a new difference's badge (3 s)
      // and the round's news (8 s) stay meanwhile.
      const page = await watcher(browser, watchPath, language, width, HEIGHT[width], {
        clock: true,
      });
      pages.push({ page, language, width });
    }
  }
  const tableButton = (language: Language) => (language === 'de' ? /Tischanzeige/ : /Table screen/);
  const phoneButton = (language: Language) => (language === 'de' ? /Handyansicht/ : /Phone view/);

  /** Every page in both views: names whole, badges on one line, nothing wider than the screen. */
  async function checkAll(phase: string, { badges = false } = {}) {
    for (const { page, language, width } of pages) {
      for (const view of ['phone', 'table'] as const) {
        // The one button switches between the two views: pressed only when the other shows.
        const toggle = page.getByRole('button', {
          name: view === 'table' ? tableButton(language) : phoneButton(language),
        });
        if ((await toggle.count()) > 0) await toggle.click();
        const where = `${phase} ${view} ${language} ${width}`;
        await expect(page.getByTestId('standings-name').first()).toBeVisible();
        const layout = await nameLayout(page);
        expect(layout.brokenNames, where).toEqual([]);
        expect(layout.brokenBadges, where).toEqual([]);
        expect(layout.sideways, where).toBeLessThanOrEqual(0);
        if (badges) expect(layout.badges, where).toBeGreaterThan(0);
        if (view === 'table' && width >= 1280) {
          expect(await smallTexts(page), where).toEqual([]);
          // The fourth row of the standings on the screen, not below it.
          const fourth = page.getByTestId('standings-name').nth(3).locator('xpath=ancestor::li');
          expect(await belowFold(fourth), where).toBeLessThanOrEqual(0);
          // The latecomers' QR on the screen, over nothing.
          const qr = await underQr(page);
          expect(qr.covered, where).toEqual([]);
          expect(qr.bottom, where).toBeLessThanOrEqual(0);
        }
        if (language === 'de' && width === 390 && view === 'phone') {
          await keepScreenshot(page, `watch-${phase}-de-390`);
        }
      }
    }
  }

  await start();
  let game = await play.type(560);
  for (let i = 0; i < 3; i += 1) game = await play.type(560);
  game = await play.call(40);
  for (const { page } of pages) {
    // Each page has the round's target (its socket is live) before its clock stops.
    await expect(page.getByTestId('watch-target')).toBeVisible();
    await page.clock.pauseAt(Date.now() + 1_000);
  }
  const target = game.target!;
  for (const offset of [3, 0, 12, 67]) game = await play.type(target + offset);
  for (const { page, language } of pages) {
    await expect(page.getByTestId('out-news').first()).toHaveText(
      language === 'de' ? /Tim ist raus: 67 g daneben/ : /Tim is out: 67 g off/,
    );
  }
  await checkAll('round-1', { badges: true });

  game = await play.call(30);
  for (const offset of [5, 8, 2]) game = await play.type(game.target! + offset);
  for (const p of game.players.filter((p) => !p.disqualified))
    game = await play.estimate(p.id, 230);
  expect(game.phase).toBe('FINALE');
  await checkAll('finale', { badges: true });
  for (const grams of [236, 228, 240]) game = await play.type(grams);
  expect(game.status).toBe('completed');
  // The round's news have their time (8 s): then the results as they stay on the screens.
  for (const { page } of pages) await page.clock.resume();
  for (const { page } of pages) {
    await expect(page.getByTestId('penalty-toast')).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByTestId('out-news')).toHaveCount(0);
  }
  await checkAll('results');
  for (const { page, language, width } of pages) {
    if (width < 1280) continue;
    // The table screen's results: podium and standings, then the awards, each on the screen.
    // Still on the table screen since the last check.
    await expect(page.getByRole('button', { name: phoneButton(language) })).toBeVisible();
    await page
      .getByRole('button', { name: language === 'de' ? 'Auszeichnungen' : 'Awards' })
      .click();
    const awards = page.getByRole('region', {
      name: language === 'de' ? 'Auszeichnungen' : 'Awards',
    });
    expect(await belowFold(awards), `awards ${language} ${width}`).toBeLessThanOrEqual(0);
    expect(await smallTexts(page), `awards ${language} ${width}`).toEqual([]);
  }
});
