import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { GameState } from '@beerscale/contract/game-state';
import { registerUser, signInThroughForm, type TestUser } from '../support/api';
import { PHONE } from '../support/layout';
import { keepScreenshot } from '../support/screenshots';

// Issue 44 item 6: on the leader's phone the toasts covered the caller's amount field and ran
// off the right edge at 390 px. A Bundeswiega game (the caller names each round's amount, more
// than 50 g off is out) is played by typed readings through the API, as the leader's phone
// makes them, until a round ends with penalties and a disqualification while /live asks the
// next caller's amount: no toast may cover the field or its button, none may leave the screen.

const auth = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });

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
  };
}

/** A Bundeswiega fast game of four on the leader's scale (2 rounds), started. */
async function bundeswiega(request: APIRequestContext, leader: TestUser) {
  const created = await request.post('/api/fast-game', {
    headers: auth(leader),
    data: {
      players: [leader.playerName, 'Jonas', 'Mia', 'Tim'],
      scaleAddress: leader.mac,
      containerType: 'BEER_BOTTLE',
      rounds: 2,
      rules: { preset: 'bundeswiega' },
      // Penalties are Schnaps: the leader confirms that everyone playing is an adult.
      adultsConfirmed: true,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const gameId = (await created.json()).gameId as number;
  const started = await request.post(`/api/fast-game/${gameId}/start`, { headers: auth(leader) });
  expect(started.ok(), await started.text()).toBe(true);
  return { gameId, play: leaderOf(request, leader, gameId) };
}

/** Every toast on the page: the session's (react-toastify) and the penalty news. */
const toastsOf = (page: Page) =>
  page.locator('.Toastify__toast, [data-testid="penalty-toast"], [data-testid="out-news"]');

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * What covers `control`: the toasts whose box meets the control's, and whether the element at
 * the control's centre is something other than the control or inside it.
 */
async function coverOf(page: Page, control: Locator) {
  const box = (await control.boundingBox())!;
  const toasts = await toastsOf(page).all();
  const over: string[] = [];
  const outside: string[] = [];
  const width = page.viewportSize()!.width;
  for (const toast of toasts) {
    const t = await toast.boundingBox();
    if (!t) continue;
    const text = (await toast.innerText()).trim();
    if (intersects(t, box)) over.push(text);
    if (t.x < 0 || t.x + t.width > width) outside.push(`${text}: ${t.x}..${t.x + t.width}`);
  }
  const hitsControl = await control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
  return { over, outside, hitsControl, count: toasts.length };
}

for (const language of ['en', 'de'] as const) {
  test(`toasts leave the caller's field free on the leader's phone (${language}, 390 x 844)`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const leader = await registerUser(request);
    const { gameId, play } = await bundeswiega(request, leader);
    const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      await page.goto('/login');
      await signInThroughForm(page, leader);
      await expect(page).toHaveURL(/\/home$/);
      await page.evaluate(
        ([lang, id]) => {
          localStorage.setItem('language', String(lang));
          localStorage.setItem('currentGameId', String(id));
        },
        [language, gameId],
      );
      await page.goto('/live');

      let game = await play.type(560);
      for (let i = 0; i < 3; i += 1) game = await play.type(560);
      expect(game.phase).toBe('CALLING');
      // /live follows the game (its first snapshot announces nothing: old news).
      const field = page.locator('#call-amount');
      await expect(field).toBeVisible({ timeout: 20_000 });
      game = await play.call(40);
      await expect(field).toHaveCount(0);
      const target = game.target!;
      // Jonas hits it exactly (a penalty), Mia is farthest in, Tim 67 g off: out.
      for (const offset of [3, 0, 12, 67]) game = await play.type(target + offset);
      expect(game.phase).toBe('CALLING');

      const button = page.getByRole('button', { name: language === 'de' ? 'Ansagen' : 'Call it' });
      await expect(field).toBeVisible();
      await expect(page.getByTestId('out-news')).toBeVisible();
      await expect(page.getByTestId('penalty-toast').first()).toBeVisible();
      await keepScreenshot(page, `leader-toasts-390-${language}`, { fullPage: false });

      // Read as it is, then while the leader types the amount (the keyboard's focus).
      for (const moment of ['shown', 'typing'] as const) {
        if (moment === 'typing') {
          await field.click();
          await expect(field).toBeFocused();
          await keepScreenshot(page, `leader-toasts-390-${language}-typing`, { fullPage: false });
        }
        for (const control of [field, button]) {
          const cover = await coverOf(page, control);
          expect(cover.count, `${moment}: toasts on the screen`).toBeGreaterThan(0);
          expect(cover.over, `${moment}: toasts over the control`).toEqual([]);
          expect(cover.hitsControl, `${moment}: the control is what a finger hits`).toBe(true);
          expect(cover.outside, `${moment}: toasts off the screen`).toEqual([]);
        }
      }
      // The same moment on a laptop, to be looked at.
      await page.setViewportSize({ width: 1280, height: 800 });
      await keepScreenshot(page, `leader-toasts-1280-${language}`, { fullPage: false });
    } finally {
      await context.close();
    }
  });
}
