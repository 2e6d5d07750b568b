import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
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

/** A watch page in its own browser context, with the table screen switched on or not. */
async function watcher(
  browser: Browser,
  path: string,
  language: Language,
  width: number,
  height: number,
): Promise<Page> {
  const context = await browser.newContext({
    locale: language === 'de' ? 'de-DE' : 'en-GB',
    viewport: { width, height },
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log('pageerror', error.message));
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
    `Alle: austrinken!: ${leader.playerName}: stell deine leere Flasche auf die Waage`,
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
