import { expect, test } from '@playwright/test';
import { VirtualPlayers } from '@beerscale/scale-sim/virtual-players';
import { registerUser, signInThroughForm } from '../support/api';
import { pairedSimulator } from '../support/scale';

test('a fast game from set-up to results, played on the simulated scale and watched live', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const user = await registerUser(request);
  const scale = await pairedSimulator({ server: baseURL!, mac: user.mac, keyFile: null, seed: 4 });
  const players = new VirtualPlayers(scale, { skill: 0.9, seed: 4 });
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login');
    await signInThroughForm(page, user);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto(`/game?mac=${user.mac}`);

    await expect(page.getByLabel('Scale MAC Address')).toHaveValue(user.mac);
    await expect(page.getByLabel('Player 1', { exact: true })).toHaveValue(user.playerName);
    await expect(page.getByLabel('Player 1', { exact: true })).toHaveAttribute('readonly', '');
    await page.getByRole('button', { name: 'Setup Fast Game' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Please enter at least one additional player name',
    );

    await page.getByLabel('Player 2', { exact: true }).fill('Bob');
    await page.getByText('Can', { exact: true }).click();
    await page.getByLabel('Rounds').selectOption('1');
    await page.getByRole('button', { name: 'Setup Fast Game' }).click();
    await expect(page.getByRole('button', { name: 'Start Remote Game' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'View Scale Data' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();

    // A reload restores the set-up game from the server.
    await page.reload();
    await expect(page.getByLabel('Player 2', { exact: true })).toHaveValue('Bob');
    await page.getByRole('button', { name: 'Start Remote Game' }).click();
    await expect(page).toHaveURL(/\/live$/, { timeout: 5000 });

    await expect(page.getByText('Scale connected')).toBeVisible();
    await expect(page.getByText(/Initial weighing|Drinking|Scoring/).first()).toBeVisible();
    await expect(page.getByText('Target', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Final results' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByText('Winner').first()).toBeVisible();
    await expect(page.getByText('1 round played')).toBeVisible();
    // At phone width the start weight and last reading sit under each name.
    const scores = page.getByRole('region', { name: 'Scores' });
    await expect(scores.getByText(/^\d+ g → \d+ g$/)).toHaveCount(2);
    // /live shows the results itself: no completion toast over their heading, and no talk of
    // a new ELO for a fast game anywhere.
    await expect(page.getByText(/Game "Fast Game" completed!/)).toHaveCount(0);
    await expect(page.getByText(/ELO/)).toHaveCount(0);
    expect(players.finished).toBe(true);

    const home = await request.get('/api/home', {
      headers: { authorization: `Bearer ${user.token}` },
    });
    const body = await home.json();
    expect(body.stats.games_played).toBe(1);
    expect(body.recentGames).toHaveLength(1);

    // The next game in the same tab: /live shows it, not the finished one.
    await page
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('link', { name: 'Play' })
      .click();
    await page.getByLabel('Player 2', { exact: true }).fill('Carla');
    await page.getByRole('button', { name: 'Setup Fast Game' }).click();
    await page.getByRole('button', { name: 'Start Remote Game' }).click();
    await expect(page).toHaveURL(/\/live$/, { timeout: 5000 });
    await expect(page.getByRole('region', { name: 'Scores' })).toContainText('Carla');
    await expect(page.getByRole('heading', { name: 'Final results' })).toBeHidden();
  } finally {
    players.stop();
    scale.stop();
  }
});
