import { expect, test } from '@playwright/test';
import { registerUser, signInThroughForm } from '../support/api';
import { playRankedGame } from '../support/games';
import { horizontalOverflow, lineCount, overflowingBoxes, PHONE } from '../support/layout';

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
  const { gameId } = await (
    await request.post('/api/games', { headers, data: { gameName: open } })
  ).json();
  const invite = await (
    await request.post(`/api/games/${gameId}/invites`, { headers, data: { playerId: friend.id } })
  ).json();
  await request.put(`/api/games/invites/${invite.id}`, {
    headers: { authorization: `Bearer ${friend.token}` },
    data: { status: 'accepted' },
  });
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
