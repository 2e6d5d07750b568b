import { expect, test, type Browser, type Page } from '@playwright/test';
import { TOASTS, VALIDATION } from '@beerscale/contract/messages';
import { VirtualPlayers } from '@beerscale/scale-sim/virtual-players';
import { registerUser, signInThroughForm, type TestUser } from '../support/api';
import { pairedSimulator } from '../support/scale';

async function signedIn(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login');
  await signInThroughForm(page, user);
  await expect(page).toHaveURL(/\/home$/);
  return page;
}

test('a ranked game from lobby to leaderboard with three players in three browsers', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const [leader, anna, ben] = await Promise.all([
    registerUser(request, { playerName: `Lea${Date.now() % 1000}` }),
    registerUser(request, { playerName: `Ann${Date.now() % 1000}` }),
    registerUser(request, { playerName: `Ben${Date.now() % 1000}` }),
  ]);
  const scale = await pairedSimulator({
    server: baseURL!,
    mac: leader.mac,
    keyFile: null,
    seed: 8,
  });
  const players = new VirtualPlayers(scale, { skill: 0.85, seed: 8 });
  const [pLeader, pAnna, pBen] = await Promise.all([
    signedIn(browser, leader),
    signedIn(browser, anna),
    signedIn(browser, ben),
  ]);
  try {
    await pLeader.goto('/game');
    await pLeader.getByRole('tab', { name: 'Ranked' }).click();
    const create = pLeader.getByRole('button', { name: 'Create Ranked Game' });
    await expect(create).toBeDisabled();
    await pLeader.getByLabel('Game name').fill('Friday Derby');
    await create.click();
    await expect(pLeader.getByRole('heading', { name: 'Friday Derby' })).toBeVisible();
    await expect(pLeader.getByRole('list', { name: 'Participants' })).toContainText(
      `${leader.playerName}(You)(Leader)`,
    );
    await expect(pLeader.getByRole('button', { name: 'Setup Ranked Game' })).toBeDisabled();

    for (const invitee of [anna, ben]) {
      await pLeader.getByLabel('Search players').fill(invitee.playerName);
      await pLeader.getByRole('button', { name: `Invite ${invitee.playerName}` }).click();
      await expect(pLeader.getByRole('region', { name: 'Pending Invites' })).toContainText(
        invitee.playerName,
      );
    }
    await pLeader.getByLabel('Search players').fill(anna.playerName);
    // An invited player shows their state instead of an Invite the server would refuse.
    const search = pLeader.getByRole('region', { name: 'Invite players' });
    await expect(search.getByText('Invited')).toBeVisible();
    await expect(search.getByRole('button', { name: `Invite ${anna.playerName}` })).toHaveCount(0);

    for (const page of [pAnna, pBen]) {
      await expect(page.getByText('invites you to')).toBeVisible();
      await page.getByRole('button', { name: 'Accept' }).click();
      await expect(page).toHaveURL(/\/game$/);
      await expect(page.getByRole('heading', { name: 'Friday Derby' })).toBeVisible();
    }
    await expect(
      pLeader.getByText(TOASTS.invitationResponse(ben.playerName, 'accepted')),
    ).toBeVisible();
    const list = pLeader.getByRole('list', { name: 'Participants' });
    await expect(list.getByRole('listitem')).toHaveCount(3);

    // Keyboard drag and drop: Ben moves up one place, and Anna's screen follows.
    const handle = pLeader.getByRole('button', { name: `Move ${ben.playerName}` });
    await handle.focus();
    // dnd-kit handles the next key only once it has measured after this one, and tells screen
    // readers what each key did: picked up (then over its own place, once measured), over
    // Anna's, dropped there. Each press waits for the announcement of its own effect: "Picked
    // up" comes before the measuring, so an arrow pressed on it alone would be ignored. An arrow
    // can still be ignored while dnd-kit measures again after the line-up re-rendered (an update
    // from the server): as a player would, the test presses it again, and goes back down should
    // the first press have counted after all.
    const announced = pLeader.locator('[id^="DndLiveRegion"]');
    const over = (who: string) => `${ben.playerName} is over ${who}'s place.`;
    await pLeader.keyboard.press('Space');
    await expect(announced).toHaveText(over(ben.playerName));
    await expect(async () => {
      const now = await announced.textContent();
      if (now === over(ben.playerName)) await pLeader.keyboard.press('ArrowUp');
      if (now === over(leader.playerName)) await pLeader.keyboard.press('ArrowDown');
      await expect(announced).toHaveText(over(anna.playerName), { timeout: 2000 });
    }).toPass({ timeout: 15_000 });
    await pLeader.keyboard.press('Space');
    await expect(announced).toHaveText(`${ben.playerName} dropped at ${anna.playerName}'s place.`);
    await expect(list.getByRole('listitem').nth(1)).toContainText(ben.playerName);
    await expect(
      pAnna.getByRole('list', { name: 'Participants' }).getByRole('listitem').nth(1),
    ).toContainText(ben.playerName);

    // Kick Anna, who is told, then she is invited again and rejoins.
    await list
      .getByRole('listitem')
      .filter({ hasText: anna.playerName })
      .getByRole('button', { name: 'Kick' })
      .click();
    await expect(pAnna.getByText(TOASTS.youWereKicked)).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(2);

    await pLeader.getByLabel('Scale MAC Address').fill(leader.mac);
    await pLeader.getByRole('button', { name: 'Start Game' }).click();
    await expect(pLeader.getByText(VALIDATION.setupFirst)).toBeVisible();
    await pLeader.getByRole('button', { name: 'Setup Ranked Game' }).click();
    await expect(pLeader.getByText(TOASTS.rankedSetup)).toBeVisible();
    await pLeader.getByLabel('Rounds').selectOption('1');
    await pLeader.getByRole('button', { name: 'Setup Ranked Game' }).click();
    await expect(pLeader.getByRole('region', { name: 'Configured game' })).toContainText(
      'Scale configured',
    );
    await pLeader.getByRole('button', { name: 'Start Game' }).click();

    await expect(pLeader).toHaveURL(/\/live$/);
    await expect(pBen).toHaveURL(/\/live$/);
    await expect(pBen.getByText(TOASTS.rankedHasStarted)).toBeVisible();
    await expect(pBen.getByRole('heading', { name: 'Final results' })).toBeVisible({
      timeout: 90_000,
    });
    await expect(pLeader.getByRole('heading', { name: 'Final results' })).toBeVisible();
    await expect(pBen.getByRole('region', { name: 'Results' })).toContainText(/[+-]\d+/);
    expect(players.finished).toBe(true);

    await pAnna.goto('/dashboard');
    const rows = pAnna.getByRole('row');
    await expect(rows.filter({ hasText: leader.playerName })).toContainText(/1216|1184/);
    await expect(rows.filter({ hasText: ben.playerName })).toContainText(/1216|1184/);
    await expect(rows.filter({ hasText: anna.playerName })).toHaveCount(0);
  } finally {
    players.stop();
    scale.stop();
    await Promise.all([pLeader, pAnna, pBen].map((p) => p.context().close()));
  }
});

test('cancelling a game clears it for the leader and takes back the invitation', async ({
  browser,
  request,
}) => {
  const [leader, guest] = await Promise.all([registerUser(request), registerUser(request)]);
  const auth = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });
  const create = async (user: TestUser, gameName: string) =>
    (await (await request.post('/api/games', { headers: auth(user), data: { gameName } })).json())
      .gameId as number;
  const storedGameId = (page: Page) => page.evaluate(() => localStorage.getItem('currentGameId'));
  const [leaderGame, guestGame] = [await create(leader, 'Doomed'), await create(guest, 'Mine')];
  const [pLeader, pGuest] = await Promise.all([
    signedIn(browser, leader),
    signedIn(browser, guest),
  ]);
  try {
    // The guest is in a lobby of their own when the invitation to another game arrives.
    for (const page of [pLeader, pGuest]) {
      await page.goto('/game');
      await page.getByRole('tab', { name: 'Ranked' }).click();
    }
    await expect(pGuest.getByRole('heading', { name: 'Mine' })).toBeVisible();
    await expect.poll(() => storedGameId(pGuest)).toBe(String(guestGame));
    await expect(pLeader.getByRole('heading', { name: 'Doomed' })).toBeVisible();
    await expect.poll(() => storedGameId(pLeader)).toBe(String(leaderGame));
    await request.post(`/api/games/${leaderGame}/invites`, {
      headers: auth(leader),
      data: { playerId: guest.id },
    });
    await expect(pGuest.getByText('invites you to')).toBeVisible();

    pLeader.once('dialog', (dialog) => void dialog.accept());
    await pLeader.getByRole('button', { name: 'Cancel Game' }).click();
    await expect(pLeader.getByRole('button', { name: 'Create Ranked Game' })).toBeVisible();
    expect(await storedGameId(pLeader)).toBeNull();
    // The invitation toast never closes by itself: the cancellation must take it away.
    await expect(pGuest.getByText('invites you to')).toBeHidden();
    expect(await storedGameId(pGuest)).toBe(String(guestGame));
  } finally {
    await Promise.all([pLeader, pGuest].map((p) => p.context().close()));
  }
});
