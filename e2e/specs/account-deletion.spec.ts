import { expect, test, type Page } from '@playwright/test';
import { registerUser, signInThroughForm, type TestUser } from '../support/api';
import { playRankedGame } from '../support/games';
import { keepScreenshot } from '../support/screenshots';

// A player who played a ranked game deletes their account; the other player's results and
// rating history stay as they were, with "Deleted player" where the name was.

const auth = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });

async function showGame(page: Page, gameId: number) {
  // The finished game on /live, as its players saw it at the end (the saved game id).
  await page.evaluate((id) => localStorage.setItem('currentGameId', String(id)), gameId);
  await page.goto('/live');
}

test('deletes an account that played a ranked game; the other player keeps results and rating history', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const [leaver, stayer] = await Promise.all([registerUser(request), registerUser(request)]);
  const game = await playRankedGame(request, baseURL!, leaver, [stayer], [[0, 6]], 'Farewell');
  expect(game.status).toBe('completed');
  const stateBefore = (
    await (await request.get(`/api/games/${game.id}/state`, { headers: auth(stayer) })).json()
  ).game;
  const historyBefore = await (
    await request.get(`/api/users/${stayer.id}/elo-history`, { headers: auth(stayer) })
  ).json();
  expect(historyBefore).toHaveLength(1);

  // The leaver deletes the account from the profile: the name typed, the password, once.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await signInThroughForm(page, leaver);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/profile');
  const form = page.getByRole('form', { name: 'Delete my account' });
  await expect(form.getByText('This cannot be undone.')).toBeVisible();
  const submit = form.getByRole('button', { name: 'Delete my account forever' });
  await form.getByLabel(`Type your player name “${leaver.playerName}” to confirm`).fill('wrong');
  await expect(submit).toBeDisabled();
  await form
    .getByLabel(`Type your player name “${leaver.playerName}” to confirm`)
    .fill(leaver.playerName);
  await form.getByLabel('Your password').fill(leaver.password);
  await form.scrollIntoViewIfNeeded();
  await keepScreenshot(page, 'delete-account-390');
  await submit.click();
  await expect(page.getByText('Your account was deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughForm(page, leaver);
  await expect(page.getByText('Invalid username or password')).toBeVisible();

  // The other player's game and rating history: unchanged, but for the name.
  const stateAfter = (
    await (await request.get(`/api/games/${game.id}/state`, { headers: auth(stayer) })).json()
  ).game;
  const leaverSeat = stateBefore.players.find((p: { userId: number }) => p.userId === leaver.id);
  expect(stateAfter).toEqual({
    ...stateBefore,
    players: stateBefore.players.map((p: { id: number }) =>
      p.id === leaverSeat.id ? { ...p, userId: null, playerName: 'Deleted player' } : p,
    ),
  });
  const historyAfter = await (
    await request.get(`/api/users/${stayer.id}/elo-history`, { headers: auth(stayer) })
  ).json();
  expect(historyAfter).toEqual(historyBefore);

  // On the other player's screen: the results with "Deleted player", their own rating as it was.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const other = await context.newPage();
  try {
    await other.goto('/login');
    await signInThroughForm(other, stayer);
    await expect(other).toHaveURL(/\/home$/);
    const elo = Math.round(historyBefore[0].eloAfter);
    await expect(other.getByText(`Current ELO ${elo}`)).toBeVisible();
    await showGame(other, game.id);
    const results = other.getByRole('table');
    await expect(results).toContainText('Deleted player');
    await expect(results).toContainText(stayer.playerName);
    await expect(other.locator('body')).not.toContainText(leaver.playerName);
    await keepScreenshot(other, 'deleted-player-results-1280');

    await other.evaluate(() => localStorage.setItem('language', 'de'));
    await showGame(other, game.id);
    await expect(other.getByRole('table')).toContainText('Gelöschter Spieler');
    await keepScreenshot(other, 'deleted-player-results-de-1280');
  } finally {
    await context.close();
  }
});
