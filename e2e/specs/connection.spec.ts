import {
  expect,
  test,
  type APIRequestContext,
  type CDPSession,
  type Page,
  type WebSocketRoute,
} from '@playwright/test';
import { registerUser, signInThroughForm, type TestUser } from '../support/api';
import { fastGameSetUp } from '../support/games';

// The table never lies: when the network drops, every live screen says so within 2 s, dims what
// it shows and stops saying "Live"; back online it catches up, and nothing typed meanwhile is
// lost. The drop is Chromium's own offline mode (CDP) and a socket killed under the page.

const auth = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });

/** A fast game of the leader and Bob, started, both full containers typed. */
async function runningGame(request: APIRequestContext, leader: TestUser) {
  const gameId = await fastGameSetUp(request, leader, ['Bob']);
  await request.post(`/api/fast-game/${gameId}/start`, { headers: auth(leader) });
  for (let i = 0; i < 2; i += 1) {
    await request.post(`/api/games/${gameId}/measurements`, {
      headers: auth(leader),
      data: { grams: 560 },
    });
  }
  return gameId;
}

async function typeReading(
  request: APIRequestContext,
  leader: TestUser,
  gameId: number,
  offset: number,
) {
  const state = await (
    await request.get(`/api/games/${gameId}/state`, { headers: auth(leader) })
  ).json();
  const typed = await request.post(`/api/games/${gameId}/measurements`, {
    headers: auth(leader),
    data: { grams: state.game.target + offset },
  });
  expect(typed.ok()).toBe(true);
}

const sessions = new WeakMap<Page, CDPSession>();

/** Chromium's offline mode over CDP (one session per page: emulation belongs to its session). */
async function setOffline(page: Page, offline: boolean) {
  let cdp = sessions.get(page);
  if (!cdp) sessions.set(page, (cdp = await page.context().newCDPSession(page)));
  await cdp.send('Network.emulateNetworkConditions', {
    offline,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}

const banner = (page: Page) => page.getByTestId('connection-banner');

test('/live: offline and a killed socket are said within 2 s, and the game catches up', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const leader = await registerUser(request);
  const gameId = await runningGame(request, leader);
  // Every socket the page opens passes through here, so the test can kill it.
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/ws\?token=/, (ws) => {
    ws.connectToServer();
    sockets.push(ws);
  });
  await page.goto('/login');
  await signInThroughForm(page, leader);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/live');
  await expect(page.getByRole('heading', { level: 1, name: 'Fast Game' })).toBeVisible();
  await expect.poll(() => sockets.length).toBeGreaterThan(0);
  await expect(banner(page)).toHaveText('');

  // Offline: said at once, the game dimmed.
  await setOffline(page, true);
  await expect(banner(page)).toContainText('Offline', { timeout: 2_000 });
  await expect(page.locator('.opacity-40').first()).toBeVisible();
  // The leader's phone types a reading meanwhile (another device, still online).
  await typeReading(request, leader, gameId, 4);
  await setOffline(page, false);
  await expect(banner(page)).toContainText('caught up', { timeout: 10_000 });
  await expect(page.getByRole('region', { name: 'Scores' })).toContainText('4');
  await expect(banner(page)).toHaveText('', { timeout: 10_000 });
  await expect(page.locator('.opacity-40')).toHaveCount(0);

  // A socket killed under the page: Reconnecting… within 2 s, then back without a reload.
  const before = sockets.length;
  await sockets.at(-1)!.close({ code: 4000, reason: 'killed by the test' });
  await expect(banner(page)).toContainText('Reconnecting…', { timeout: 2_000 });
  await typeReading(request, leader, gameId, 7);
  await expect.poll(() => sockets.length, { timeout: 10_000 }).toBeGreaterThan(before);
  await expect(banner(page)).toContainText('caught up', { timeout: 10_000 });
  // Bob's reading, typed while the socket was down, is there.
  await expect(page.getByRole('row', { name: /Bob/ })).toContainText('7.0 g');
  await expect(banner(page)).toHaveText('', { timeout: 10_000 });
});

test('/watch: offline and a killed socket stop "Live" within 2 s, and it comes back', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const leader = await registerUser(request);
  const gameId = await runningGame(request, leader);
  const link = await (
    await request.post(`/api/games/${gameId}/watch-link`, { headers: auth(leader) })
  ).json();
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/ws\/watch\?token=/, (ws) => {
    ws.connectToServer();
    sockets.push(ws);
  });
  await page.goto(link.path);
  const live = page.getByText('Live', { exact: true });
  await expect(live).toBeVisible();

  await setOffline(page, true);
  await expect(banner(page)).toContainText('Offline', { timeout: 2_000 });
  await expect(live).toBeHidden();
  await expect(
    page.getByTestId('watch-target').locator('xpath=ancestor::*[contains(@class,"opacity-40")]'),
  ).toHaveCount(1);
  await typeReading(request, leader, gameId, 3);
  await setOffline(page, false);
  await expect(banner(page)).toContainText('caught up', { timeout: 10_000 });
  await expect(live).toBeVisible();
  await expect(page.getByRole('region', { name: 'Standings' })).toContainText('3.0 g');
  await expect(banner(page)).toHaveText('', { timeout: 10_000 });

  const before = sockets.length;
  await sockets.at(-1)!.close({ code: 4000, reason: 'killed by the test' });
  await expect(banner(page)).toContainText('Reconnecting…', { timeout: 2_000 });
  await expect(live).toBeHidden();
  await expect.poll(() => sockets.length, { timeout: 10_000 }).toBeGreaterThan(before);
  await expect(live).toBeVisible({ timeout: 10_000 });
  await expect(banner(page)).toHaveText('', { timeout: 10_000 });
});
