import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { registerUser, signInThroughForm, type TestUser } from '../support/api';
import { playRankedGame } from '../support/games';

// The registration form limits a player name to 10 characters of any kind, and a game name to 60: markup is
// allowed in both, and in the names typed for a fast game, so every screen that shows one must
// show it as text. Each page below is checked for the literal text, for the elements the markup
// would have created, and for dialogs that an injected script would have opened.

const GAME = '<img src=x onerror=alert(1)><script>alert(2)</script>';
const LOBBY = '<svg onload=alert(3)>"\'&amp;<b id=gn>';
const LEADER = '<i id=pa>';
const FRIEND = '<u id=pb>';
const HOST = '<q id=pc>';
const TYPED = ['<b id=fn>', '<script>'];
/** What the markup above would create if it were ever parsed as HTML. */
const INJECTED = 'img[src="x"], svg[onload], #pa, #pb, #pc, #fn, #gn';

const auth = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });

/** The contexts signedIn opened, closed after each test (the browser outlives the spec). */
const opened: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});

async function signedIn(
  browser: Browser,
  user: TestUser,
): Promise<{ page: Page; dialogs: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  opened.push(context);
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto('/login');
  await signInThroughForm(page, user);
  await expect(page).toHaveURL(/\/home$/);
  return { page, dialogs };
}

/** Nothing the names carry became an element, a running script or a dialog. */
async function nothingInjected(page: Page, dialogs: string[]) {
  await expect(page.locator(INJECTED)).toHaveCount(0);
  const scripts = await page.evaluate(() =>
    [...document.querySelectorAll('script')]
      .map((s) => s.textContent ?? '')
      .filter((t) => /alert/.test(t)),
  );
  expect(scripts).toEqual([]);
  expect(dialogs).toEqual([]);
}

async function api(
  request: APIRequestContext,
  user: TestUser,
  method: 'post' | 'put',
  path: string,
  data?: unknown,
) {
  const reply = await request[method](path, { headers: auth(user), data });
  expect(reply.status(), `${method} ${path}: ${await reply.text()}`).toBeLessThan(300);
  return reply.json();
}

test('names with markup are stored as typed and shown as text on every screen', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const [leader, friend, host] = await Promise.all([
    registerUser(request, { playerName: LEADER }),
    registerUser(request, { playerName: FRIEND }),
    registerUser(request, { playerName: HOST }),
  ]);
  // The contract allows markup characters: the API keeps them exactly as typed.
  const profile = await (await request.get('/api/profile', { headers: auth(leader) })).json();
  expect(profile.playerName).toBe(LEADER);

  // A completed ranked game (leaderboard, home), a lobby with a pending invitation, a fast game.
  const played = await playRankedGame(request, baseURL!, leader, [friend], [[0, 4]], GAME);
  expect(played).toMatchObject({ status: 'completed', name: GAME });
  const { gameId: lobby } = await api(request, leader, 'post', '/api/games', { gameName: LOBBY });
  await api(request, leader, 'post', `/api/games/${lobby}/invites`, { playerId: friend.id });
  const { gameId: fast } = await api(request, host, 'post', '/api/fast-game', {
    players: [HOST, ...TYPED],
    scaleAddress: host.mac,
    containerType: 'BEER_CAN',
  });
  await api(request, host, 'post', `/api/fast-game/${fast}/start`);

  const { page, dialogs } = await signedIn(browser, leader);
  await expect(page.getByRole('heading', { name: `Welcome back, ${LEADER}!` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent Games' })).toContainText(GAME);
  await nothingInjected(page, dialogs);

  await page.goto('/dashboard');
  for (const name of [LEADER, FRIEND]) {
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  }
  await nothingInjected(page, dialogs);

  await page.goto('/game');
  await page.getByRole('tab', { name: 'Ranked' }).click();
  await expect(page.getByRole('heading', { name: LOBBY })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Participants' })).toContainText(LEADER);
  await expect(page.getByRole('region', { name: 'Pending Invites' })).toContainText(FRIEND);
  await nothingInjected(page, dialogs);

  await page.goto('/profile');
  await expect(page.getByRole('textbox').first()).toHaveValue(LEADER);
  await nothingInjected(page, dialogs);

  // The invitee sees the invitation (inviter and game name) as a toast on the next page load.
  const invited = await signedIn(browser, friend);
  await expect(invited.page.getByText('invites you to')).toContainText(
    `${LEADER} invites you to ${LOBBY}`,
  );
  await nothingInjected(invited.page, invited.dialogs);

  // The live view of the fast game: the typed names in the scoreboard and on turn.
  const live = await signedIn(browser, host);
  await live.page.goto('/live');
  const scores = live.page.getByRole('region', { name: 'Scores' });
  for (const name of [HOST, ...TYPED]) {
    await expect(scores.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  }
  await expect(live.page.getByRole('region', { name: 'Game status' })).toContainText(HOST);
  await expect(live.page.getByLabel(`Reading for ${HOST} in grams`)).toBeVisible();
  await nothingInjected(live.page, live.dialogs);

  // And the host's own welcome.
  await live.page.goto('/home');
  // The host's game has not ended: a first welcome.
  await expect(live.page.getByRole('heading', { name: `Welcome, ${HOST}!` })).toBeVisible();
  await nothingInjected(live.page, live.dialogs);
});
