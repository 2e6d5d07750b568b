import { mkdirSync, writeFileSync } from 'node:fs';
import { keepScreenshot } from '../support/screenshots';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { registerUser, signInThroughForm, type TestUser } from '../support/api';

// The screens a table looks at, at 320, 390 and 1280 px in English and German: the results with
// awards, the watch page, the table screen (4 players at 1280 x 800, during and after the game)
// and the result card. Each must fit its width; the table screen's standings its height. With
// SCREENSHOT_DIR set, each screen is also saved there to be looked at.

const auth = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });
const WIDTHS = [320, 390, 1280] as const;
const shots = process.env.SCREENSHOT_DIR;

/** A fast game of four, played by typed readings: `offsets` per round, in turn order. */
async function fastGame(
  request: APIRequestContext,
  leader: TestUser,
  rounds: number,
  offsets: number[][],
) {
  const created = await request.post('/api/fast-game', {
    headers: auth(leader),
    data: {
      players: [leader.playerName, 'Dieter', 'Anna', 'Björn'],
      scaleAddress: leader.mac,
      containerType: 'BEER_BOTTLE',
      rounds,
    },
  });
  const gameId = (await created.json()).gameId as number;
  await request.post(`/api/fast-game/${gameId}/start`, { headers: auth(leader) });
  // Shared while it runs (a finished game's link is only shown again, never made).
  const link = await (
    await request.post(`/api/games/${gameId}/watch-link`, { headers: auth(leader) })
  ).json();
  const type = async (grams: number) =>
    (
      await (
        await request.post(`/api/games/${gameId}/measurements`, {
          headers: auth(leader),
          data: { grams },
        })
      ).json()
    ).game;
  let game: { target: number } = { target: 0 };
  for (let i = 0; i < 4; i += 1) game = await type(560);
  for (const round of offsets) for (const offset of round) game = await type(game.target + offset);
  return { gameId, watchPath: link.path as string };
}

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('results, /watch, the table screen and the card fit every width in both languages', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const leader = await registerUser(request);
  // Running (round 2 of 3) first: a fast game must finish before the next; its watch link is
  // taken now. Then it is finished, and a second, completed game gives the results.
  const running = await fastGame(request, leader, 3, [[3, 0, 12, 25]]);

  for (const language of ['en', 'de'] as const) {
    const context = await browser.newContext({
      locale: language === 'de' ? 'de-DE' : 'en-GB',
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    await page.goto(running.watchPath);
    await page
      .getByRole('button', { name: language === 'de' ? /Tischanzeige/ : /Table screen/ })
      .click();
    const standings = page.getByRole('region', {
      name: language === 'de' ? 'Zwischenstand' : 'Standings',
    });
    await expect(standings.getByRole('listitem')).toHaveCount(4);
    const bottom = await standings.evaluate((el) => el.getBoundingClientRect().bottom);
    // The whole table screen on one laptop screen (it ran 45 px past the bottom with 4 players).
    expect(bottom).toBeLessThanOrEqual(800);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await keepScreenshot(page, `table-screen-running-${language}-1280`);
    await context.close();
  }
  await request.post(`/api/games/${running.gameId}/finish`, { headers: auth(leader) });

  const done = await fastGame(request, leader, 2, [
    [3, 0, 12, 25],
    [0, 6, 2, 1],
  ]);

  for (const language of ['en', 'de'] as const) {
    for (const width of WIDTHS) {
      const context = await browser.newContext({
        locale: language === 'de' ? 'de-DE' : 'en-GB',
        viewport: { width, height: width === 1280 ? 800 : 740 },
        // The podium stands at once: what is measured and shot is its end state.
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await page.goto('/login');
      if (language === 'en') await signInThroughForm(page, leader);
      else {
        await page.getByLabel('Benutzername/E-Mail').fill(leader.username);
        await page.getByLabel('Passwort').fill(leader.password);
        await page.getByRole('button', { name: 'Anmelden' }).click();
      }
      await expect(page).toHaveURL(/\/home$/);
      await page.evaluate((id) => localStorage.setItem('currentGameId', String(id)), done.gameId);
      await page.goto('/live');
      const awards = page.getByRole('region', {
        name: language === 'de' ? 'Auszeichnungen' : 'Awards',
      });
      await expect(awards).toBeVisible();
      await expect(
        page.getByRole('button', { name: language === 'de' ? 'Ergebnis teilen' : 'Share result' }),
      ).toBeVisible();
      expect(await sideways(page), `results ${language} ${width}`).toBeLessThanOrEqual(0);
      // The per-round table does not scroll sideways inside its card either (the mean was cut).
      const scores = page.getByRole('region', { name: language === 'de' ? 'Punkte' : 'Scores' });
      expect(
        await scores.evaluate((el) => el.scrollWidth - el.clientWidth),
        `scores ${language} ${width}`,
      ).toBeLessThanOrEqual(0);
      if (width === 320) {
        // The bottom navigation's six labels keep a gap between them, each on one line (no
        // label breaks inside its word), all within the screen.
        const boxes = await page.locator('[data-bottom-nav] li').evaluateAll((items) =>
          items.map((li) => {
            const range = document.createRange();
            range.selectNodeContents(li.querySelector('a, button')!);
            const text = [...range.getClientRects()].filter((r) => r.height < 20);
            return {
              lines: text.length,
              left: Math.min(...text.map((r) => r.left)),
              right: Math.max(...text.map((r) => r.right)),
            };
          }),
        );
        expect(boxes, `nav items ${language}`).toHaveLength(6);
        for (const box of boxes) expect(box.lines, `nav label lines ${language}`).toBe(1);
        expect(boxes[0]!.left, `nav ${language}`).toBeGreaterThanOrEqual(0);
        expect(boxes.at(-1)!.right, `nav ${language}`).toBeLessThanOrEqual(320);
        for (let i = 1; i < boxes.length; i += 1) {
          expect(
            boxes[i]!.left - boxes[i - 1]!.right,
            `nav labels ${language}`,
          ).toBeGreaterThanOrEqual(2);
        }
      }
      await keepScreenshot(page, `results-${language}-${width}`);

      await page.goto(done.watchPath);
      const results = page.getByRole('region', {
        name: language === 'de' ? 'Endergebnis' : 'Final results',
      });
      await expect(results).toBeVisible();
      // No name is cut ("Die…" at 320 px): every name's box holds its text.
      const cut = await results
        .locator('li span.font-bold')
        .evaluateAll((spans) => spans.filter((s) => s.scrollWidth > s.clientWidth).length);
      expect(cut, `watch ${language} ${width}`).toBe(0);
      expect(await sideways(page), `watch ${language} ${width}`).toBeLessThanOrEqual(0);
      await keepScreenshot(page, `watch-results-${language}-${width}`);
      if (width === 1280) {
        await page
          .getByRole('button', { name: language === 'de' ? /Tischanzeige/ : /Table screen/ })
          .click();
        await expect(page.getByTestId('table-podium')).toBeVisible();
        await keepScreenshot(page, `table-screen-podium-${language}-1280`);
      }
      await context.close();
    }
    const card = await request.get(`/api/games/${done.gameId}/card.png?lang=${language}`, {
      headers: auth(leader),
    });
    expect(card.headers()['content-type']).toBe('image/png');
    if (shots) {
      mkdirSync(shots, { recursive: true });
      writeFileSync(join(shots, `card-${language}.png`), await card.body());
    }
  }
});
