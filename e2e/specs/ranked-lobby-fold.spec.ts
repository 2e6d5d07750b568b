import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { registerUser, signInThroughForm, type TestUser } from '../support/api';
import { rankedLobby } from '../support/games';
import { PHONE } from '../support/layout';
import { keepScreenshot } from '../support/screenshots';

// Issue 44 item 9: a ranked game's players wait in its lobby until the leader sets the scale up
// and starts; at 1280 x 800 the text saying so fell below the fold (under the drink form, the
// participants and the set-up's table). It must be read without scrolling, in both languages.

type Language = 'en' | 'de';
const auth = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });

const WAITING: Record<Language, { pending: string; configured: string }> = {
  en: {
    pending: 'Waiting for the leader to set up the scale',
    configured: 'Scale configured: ready to start',
  },
  de: {
    pending: 'Warte, bis die Spielleitung die Waage einrichtet',
    configured: 'Waage eingerichtet: bereit zum Start',
  },
};

/** A player's /game page, signed in, in `language`, at `width` x `height`. */
async function lobbyOf(
  browser: Browser,
  user: TestUser,
  language: Language,
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto('/login');
  await signInThroughForm(page, user);
  await expect(page).toHaveURL(/\/home$/);
  await page.evaluate((lang) => localStorage.setItem('language', lang), language);
  // A device that never chose a mode opens on the player's open ranked lobby.
  await page.goto('/game');
  return page;
}

/** How far the waiting text lies outside the screen without scrolling (0: wholly above the fold). */
async function outsideFold(page: Page, text: string): Promise<number> {
  const waiting = page.getByText(text, { exact: true });
  await expect(waiting).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await waiting.boundingBox();
  expect(box).not.toBeNull();
  // The fold: the viewport's bottom, or on a phone the top of its fixed bottom navigation.
  const fold = await page.evaluate(() => {
    const nav = document.querySelector('[data-bottom-nav]')?.getBoundingClientRect();
    return nav && nav.height > 0 ? nav.top : window.innerHeight;
  });
  return Math.ceil(Math.max(0, -box!.y, box!.y + box!.height - fold));
}

async function lobbyWithPlayer(request: APIRequestContext) {
  const [leader, player] = await Promise.all([registerUser(request), registerUser(request)]);
  const gameId = await rankedLobby(request, leader, [player], `Fold ${Date.now() % 10_000}`);
  return { leader, player, gameId };
}

for (const language of ['en', 'de'] as const) {
  test(`a ranked lobby's waiting text is above the fold at 1280 x 800 (${language})`, async ({
    browser,
    request,
  }) => {
    const { leader, player, gameId } = await lobbyWithPlayer(request);
    const page = await lobbyOf(browser, player, language, { width: 1280, height: 800 });
    try {
      expect(await outsideFold(page, WAITING[language].pending)).toBe(0);
      await keepScreenshot(page, `ranked-lobby-waiting-1280-${language}`, { fullPage: false });

      // Set up by the leader: the player now waits for the start, and reads that at once.
      const setUp = await request.post(`/api/games/${gameId}/setup-ranked`, {
        headers: auth(leader),
        data: { scaleAddress: leader.mac, containerType: 'BEER_BOTTLE', rounds: 3 },
      });
      expect(setUp.ok(), await setUp.text()).toBe(true);
      expect(await outsideFold(page, WAITING[language].configured)).toBe(0);

      // A phone reads it too, without scrolling (above its bottom navigation).
      await page.setViewportSize(PHONE);
      expect(await outsideFold(page, WAITING[language].configured)).toBe(0);
      await keepScreenshot(page, `ranked-lobby-waiting-390-${language}`, { fullPage: false });
    } finally {
      await page.context().close();
    }
  });
}
