import { expect, test } from '@playwright/test';
import { registerUser, signInThroughForm } from '../support/api';

test('desktop shows the top navigation', async ({ page, request }) => {
  const user = await registerUser(request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await signInThroughForm(page, user);
  const main = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Home', 'Leaderboard', 'Play', 'Groups']) {
    await expect(main.getByRole('link', { name })).toBeVisible();
  }
  // The desktop navigation's items stay as they are: the profile is reached from the player name.
  await expect(main.getByRole('link')).toHaveCount(4);
  await expect(main.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  await main.getByRole('link', { name: 'Leaderboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('banner').getByRole('link', { name: user.playerName }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(user.username)).toBeVisible();
});

test('phones get the bottom navigation with Profile', async ({ page, request }) => {
  const user = await registerUser(request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await signInThroughForm(page, user);
  const mobile = page.getByRole('navigation', { name: 'Mobile' });
  for (const name of ['Home', 'Leaderboard', 'Play', 'Profile']) {
    await expect(mobile.getByRole('link', { name })).toBeVisible();
  }
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await mobile.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await mobile.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('reports searching on /game and logged_in elsewhere', async ({ page, request }) => {
  const user = await registerUser(request);
  const watcher = await registerUser(request);
  const statusOf = async () => {
    const reply = await request.get(`/api/users?limit=1&userId=${user.id}`, {
      headers: { authorization: `Bearer ${watcher.token}` },
    });
    return (await reply.json())[0].status;
  };
  await page.goto('/login');
  await signInThroughForm(page, user);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/game');
  await expect.poll(statusOf).toBe('searching');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect.poll(statusOf).toBe('logged_in');
});

test('the instructions gate Start New Game until every prerequisite is ticked', async ({
  page,
}) => {
  await page.goto('/game/instructions');
  const start = page.getByRole('button', { name: 'Start New Game' });
  await expect(start).toBeDisabled();
  await page.getByText('Connect the scale').click();
  await page.getByText('2-4 players').click();
  await expect(start).toBeDisabled();
  await page.getByText('Equipment').click();
  await expect(start).toBeEnabled();
  for (const phase of ['Setup', 'Initial weighing', 'Drinking', 'Scoring']) {
    await expect(page.getByRole('heading', { name: phase })).toBeVisible();
  }
  await start.click();
  await expect(page).toHaveURL(/\/$/);
});
