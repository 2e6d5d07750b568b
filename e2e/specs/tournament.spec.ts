import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { GameState } from '@beerscale/contract/game-state';
import type { TournamentReply } from '@beerscale/contract/tournaments';
import { registerUser, signInThroughForm, type TestUser } from '../support/api';
import { pairedSimulator } from '../support/scale';
import { keepScreenshot } from '../support/screenshots';

// Tournament night: a group's captain sets up a grand prix of two games for three members and a
// passer-by on /groups/{id}/tournaments/new, runs each game from the tournament's page on her
// own scale (started and played by typed readings through the API, as the server suites do),
// and finishes it. The table screen (/t/{token}, no account) follows on a TV and a laptop:
// standings with the last change, the game being played, the next one and the night's clock;
// the podium at the end. A German member follows on a phone.

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
const TV = { width: 1920, height: 1080 };

const auth = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });

/** A group of the captain and `others`, joined through her invite link. */
async function groupOf(request: APIRequestContext, captain: TestUser, others: TestUser[]) {
  const created = await request.post('/api/groups', {
    headers: auth(captain),
    data: { name: 'Cup Club' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).id as number;
  const invite = await request.post(`/api/groups/${id}/invite-link`, { headers: auth(captain) });
  const token = (await invite.json()).token as string;
  for (const member of others) {
    const joined = await request.post('/api/groups/join', {
      headers: auth(member),
      data: { token },
    });
    expect(joined.ok(), await joined.text()).toBe(true);
  }
  return id;
}

/** The game's leader starts it, as from /live. */
async function start(request: APIRequestContext, leader: TestUser, gameId: number) {
  const started = await request.post(`/api/fast-game/${gameId}/start`, { headers: auth(leader) });
  expect(started.ok(), await started.text()).toBe(true);
}

/** The leader types every reading of a started game: `order` finishes best first. */
async function play(request: APIRequestContext, leader: TestUser, gameId: number, order: string[]) {
  let game = (
    await (await request.get(`/api/games/${gameId}/state`, { headers: auth(leader) })).json()
  ).game as GameState;
  const type = async (grams: number) => {
    const reply = await request.post(`/api/games/${gameId}/measurements`, {
      headers: auth(leader),
      data: { grams },
    });
    expect(reply.ok(), await reply.text()).toBe(true);
    game = (await reply.json()).game as GameState;
  };
  for (let i = 0; i < game.players.length; i += 1) await type(560);
  const seats = [...game.players].sort((a, b) => a.position - b.position);
  for (const seat of seats) await type(game.target! + order.indexOf(seat.playerName) * 4);
  expect(game.status).toBe('completed');
}

/** Readable from 3 m: no visible text below 24 px, nothing below the fold or beside it. */
async function expectReadableScreen(screen: Page) {
  const small = await screen.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter(
        (el) =>
          [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim() !== '') &&
          el.checkVisibility() &&
          !el.closest('.sr-only') &&
          parseFloat(getComputedStyle(el).fontSize) < 24,
      )
      .map((el) => `${el.textContent} (${getComputedStyle(el).fontSize})`),
  );
  expect(small).toEqual([]);
  const beyond = await screen.evaluate(() => ({
    below: document.documentElement.scrollHeight - window.innerHeight,
    beside: document.documentElement.scrollWidth - window.innerWidth,
  }));
  expect(beyond).toEqual({ below: 0, beside: 0 });
}

test('a grand prix of two games, followed on a table screen without an account', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const anna = await registerUser(request);
  const ben = await registerUser(request);
  const cleo = await registerUser(request);
  const groupId = await groupOf(request, anna, [ben, cleo]);
  const scale = await pairedSimulator({ server: baseURL!, mac: anna.mac, keyFile: null, seed: 37 });
  const tvContext = await browser.newContext({ viewport: TV });
  const laptopContext = await browser.newContext({ viewport: LAPTOP, locale: 'de-DE' });
  const phoneContext = await browser.newContext({ viewport: PHONE, locale: 'de-DE' });
  const tv = await tvContext.newPage();
  const laptop = await laptopContext.newPage();
  const phone = await phoneContext.newPage();
  try {
    // The captain sets the night up from the group's tournaments.
    await page.goto('/login');
    await signInThroughForm(page, anna);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto(`/groups/${groupId}/tournaments`);
    await expect(page.getByText('No tournament yet.', { exact: false })).toBeVisible();
    await page.getByRole('link', { name: 'New tournament' }).click();
    await expect(page).toHaveURL(new RegExp(`/groups/${groupId}/tournaments/new$`));
    await page.getByLabel('Name of the night').fill('Cup Night');
    await expect(page.getByRole('button', { name: anna.playerName })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('button', { name: ben.playerName }).click();
    await page.getByRole('button', { name: cleo.playerName }).click();
    await page.getByLabel("A passer-by's name").fill('Gast');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('4 players')).toBeVisible();
    await page.getByLabel('Number of games').selectOption('2');
    await page.getByLabel('Rounds').selectOption('1');
    await keepScreenshot(page, 'tournament-new-1280-en');
    await page.setViewportSize(PHONE);
    await keepScreenshot(page, 'tournament-new-390-en');
    await page.setViewportSize(LAPTOP);
    await page.getByRole('button', { name: 'Start the tournament' }).click();
    await expect(page).toHaveURL(/\/tournaments\/\d+$/);
    const tournamentId = Number(new URL(page.url()).pathname.split('/').at(-1));
    await expect(page.getByTestId('scheduled-game')).toHaveText([
      /Game 1.*Ready/,
      /Game 2.*Waiting/,
    ]);

    // The table screen on the TV, through the page's link, without an account.
    const watchPath = (await page
      .getByRole('link', { name: 'Open the table screen' })
      .getAttribute('href'))!;
    expect(watchPath).toMatch(/^\/t\/[A-Za-z0-9_-]{22}$/);
    await tv.goto(watchPath);
    await expect(tv.getByRole('heading', { name: 'Cup Night' })).toBeVisible();
    await expect(tv.getByTestId('next-game')).toHaveText(
      `Up next: Game 1${anna.playerName} · ${ben.playerName} · ${cleo.playerName} · Gast`,
    );
    await expect(tv.getByTestId('night-clock')).toHaveText(/^Running for 0:0\d:\d\d$/);

    // Game 1 on the captain's scale: she plays in it, so she leads it.
    await page.getByLabel('Scale MAC Address').fill(anna.mac);
    await page.getByRole('button', { name: 'Set up the next game' }).click();
    await expect(page.getByText('Set up. Its leader starts it from Live.')).toBeVisible();
    const state = async () =>
      (await (
        await request.get(`/api/tournaments/${tournamentId}`, { headers: auth(ben) })
      ).json()) as TournamentReply;
    const first = (await state()).schedule[0]!;
    expect(first).toMatchObject({ status: 'configured', scaleAddress: anna.mac });
    await expect(tv.getByTestId('live-game')).toContainText('Set up: starting soon');
    await start(request, anna, first.gameId!);
    // The game being played, live: its phase and who is on turn.
    await expect(tv.getByTestId('live-game')).toContainText('Game 1');
    await expect(tv.getByTestId('live-game')).toContainText('Initial weighing');
    await expect(tv.getByTestId('live-game').getByRole('listitem')).toHaveCount(4);
    await expectReadableScreen(tv);
    await keepScreenshot(tv, 'tournament-screen-1920-live-en', { fullPage: false });
    await tv.setViewportSize(LAPTOP);
    await expectReadableScreen(tv);
    await keepScreenshot(tv, 'tournament-screen-1280-live-en', { fullPage: false });
    await tv.setViewportSize(TV);
    await play(request, anna, first.gameId!, [
      anna.playerName,
      ben.playerName,
      'Gast',
      cleo.playerName,
    ]);

    // After game 1: points and the change of the last game, on the TV and the page.
    await expect(tv.getByTestId('screen-standing')).toHaveText([
      `1.${anna.playerName}10+10`,
      `2.${ben.playerName}7+7`,
      '3.Gast5+5',
      `4.${cleo.playerName}3+3`,
    ]);
    await expect(tv.getByTestId('next-game')).toContainText('Up next: Game 2');
    await expect(page.getByTestId('standing').first()).toContainText(anna.playerName);
    await expect(page.getByTestId('scheduled-game').first()).toContainText('Played');
    await expect(
      page.getByTestId('scheduled-game').first().getByRole('link', { name: 'Game page' }),
    ).toHaveAttribute('href', `/games/${first.gameId}`);
    await keepScreenshot(page, 'tournament-page-1280-en');

    // A German member follows on a phone; a German laptop shows the table screen.
    await phone.goto('/login');
    await phone.getByLabel('Benutzername/E-Mail').fill(ben.username);
    await phone.getByLabel('Passwort').fill(ben.password);
    await phone.getByRole('button', { name: 'Anmelden' }).click();
    await expect(phone).toHaveURL(/\/home$/);
    await phone.goto(`/tournaments/${tournamentId}`);
    await expect(phone.getByRole('heading', { name: 'Cup Night' })).toBeVisible();
    await expect(phone.getByRole('heading', { name: 'Nächstes Spiel' })).toBeVisible();
    await expect(phone.getByRole('button', { name: `${ben.playerName} muss gehen` })).toBeVisible();
    await expect(phone.getByRole('button', { name: `${anna.playerName} muss gehen` })).toHaveCount(
      0,
    );
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBe(0);
    await keepScreenshot(phone, 'tournament-page-390-de');
    await laptop.goto(watchPath);
    await expect(laptop.getByTestId('next-game')).toContainText('Als Nächstes: Spiel 2');
    await expectReadableScreen(laptop);
    await keepScreenshot(laptop, 'tournament-screen-1280-de', { fullPage: false });

    // Game 2, set up by the captain again; Cleo wins it.
    await page.getByLabel('Scale MAC Address').fill(anna.mac);
    await page.getByRole('button', { name: 'Set up the next game' }).click();
    await expect(page.getByTestId('scheduled-game').nth(1)).toContainText('Set up');
    const second = (await state()).schedule[1]!;
    await start(request, anna, second.gameId!);
    await play(request, anna, second.gameId!, [
      cleo.playerName,
      ben.playerName,
      anna.playerName,
      'Gast',
    ]);
    await expect(tv.getByTestId('screen-standing')).toHaveText([
      `1.${anna.playerName}15+5`,
      `2.${ben.playerName}14+7`,
      `3.${cleo.playerName}13+10`,
      '4.Gast8+3',
    ]);

    // The captain finishes the night: the podium on the page and on the table screens.
    await page.getByRole('button', { name: 'Finish the tournament' }).click();
    await page.getByRole('button', { name: 'Yes, finish now' }).click();
    await expect(page.getByTestId('podium-place')).toHaveText([
      new RegExp(`${anna.playerName}15 points`),
      new RegExp(`${ben.playerName}14 points`),
      new RegExp(`${cleo.playerName}13 points`),
    ]);
    await expect(page.getByRole('region', { name: 'Awards of the night' })).toBeVisible();
    await keepScreenshot(page, 'tournament-page-finished-1280-en');
    await page.setViewportSize(PHONE);
    await keepScreenshot(page, 'tournament-page-finished-390-en');
    await expect(tv.getByTestId('podium-place')).toHaveCount(3);
    await expect(tv.getByTestId('night-clock')).toHaveText(/^Played for \d:\d\d:\d\d$/);
    await expectReadableScreen(tv);
    await keepScreenshot(tv, 'tournament-screen-1920-finished-en', { fullPage: false });
    await expect(laptop.getByTestId('podium-place')).toHaveCount(3);
    await expect(laptop.getByRole('region', { name: 'Auszeichnungen des Abends' })).toBeVisible();
    await expectReadableScreen(laptop);
    await keepScreenshot(laptop, 'tournament-screen-1280-finished-de', { fullPage: false });
    await laptop.setViewportSize(TV);
    await expectReadableScreen(laptop);
    await keepScreenshot(laptop, 'tournament-screen-1920-finished-de', { fullPage: false });
    await phone.reload();
    await expect(phone.getByRole('region', { name: 'Siegertreppchen' })).toBeVisible();
    await keepScreenshot(phone, 'tournament-page-finished-390-de');

    // The group's list names the winner.
    await page.goto(`/groups/${groupId}/tournaments`);
    await expect(page.getByRole('link', { name: /Cup Night/ })).toContainText(
      `Winner: ${anna.playerName}`,
    );
  } finally {
    scale.stop();
    await Promise.all([tvContext.close(), laptopContext.close(), phoneContext.close()]);
  }
});

test('heats on two scales at once: both games live on the table screen, the stages on a phone', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const players: TestUser[] = [];
  for (let i = 0; i < 5; i += 1) players.push(await registerUser(request));
  const [captain, second] = players as [TestUser, TestUser];
  const groupId = await groupOf(request, captain, players.slice(1));
  const scales = [
    await pairedSimulator({ server: baseURL!, mac: captain.mac, keyFile: null, seed: 71 }),
    await pairedSimulator({ server: baseURL!, mac: second.mac, keyFile: null, seed: 72 }),
  ];
  const germanContext = await browser.newContext({ viewport: PHONE, locale: 'de-DE' });
  const german = await germanContext.newPage();
  try {
    const memberIds = (
      await (await request.get(`/api/groups/${groupId}`, { headers: auth(captain) })).json()
    ).members.map((m: { memberId: number }) => m.memberId) as number[];
    const created = await request.post(`/api/groups/${groupId}/tournaments`, {
      headers: auth(captain),
      data: {
        name: 'Heats Night',
        format: 'heats',
        players: memberIds,
        containerType: 'BEER_CAN',
        rounds: 1,
        heatSize: 3,
        qualify: 1,
        secondChance: 1,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = (await created.json()).id as number;
    // Both heats set up at once, each on a scale of its own, and started by their leaders.
    for (const scale of [captain, second]) {
      const next = await request.post(`/api/tournaments/${id}/next`, {
        headers: auth(captain),
        data: { scaleAddress: scale.mac },
      });
      expect(next.ok(), await next.text()).toBe(true);
    }
    const reply = (await (
      await request.get(`/api/tournaments/${id}`, { headers: auth(captain) })
    ).json()) as TournamentReply;
    for (const heat of reply.schedule.filter((g) => g.stage === 'heat')) {
      const leader = players.find((p) => p.playerName === heat.players[0]!.name)!;
      await start(request, leader, heat.gameId!);
    }

    await page.goto(reply.watchPath);
    await expect(page.getByTestId('live-game')).toHaveCount(2);
    await expect(page.getByTestId('live-game').first()).toContainText('Heat 1');
    await expect(page.getByTestId('live-game').last()).toContainText('Heat 2');
    await expectReadableScreen(page);
    await keepScreenshot(page, 'tournament-screen-1280-heats-en', { fullPage: false });
    await page.setViewportSize(TV);
    await expectReadableScreen(page);
    await keepScreenshot(page, 'tournament-screen-1920-heats-en', { fullPage: false });

    await german.goto('/login');
    await german.getByLabel('Benutzername/E-Mail').fill(second.username);
    await german.getByLabel('Passwort').fill(second.password);
    await german.getByRole('button', { name: 'Anmelden' }).click();
    await expect(german).toHaveURL(/\/home$/);
    // The form in German: heats with their numbers, spirit rules ask for the 18+ confirmation.
    await german.goto(`/groups/${groupId}/tournaments/new`);
    await german.getByText('Vorläufe', { exact: true }).click();
    await expect(german.getByLabel('Spieler pro Vorlauf')).toHaveValue('6');
    await german.getByText('Strichliste', { exact: true }).click();
    await expect(german.getByRole('checkbox', { name: /mindestens 18 Jahre alt/ })).toBeVisible();
    expect(await german.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBe(0);
    await keepScreenshot(german, 'tournament-new-heats-390-de');
    await german.goto(`/tournaments/${id}`);
    await expect(german.getByRole('heading', { name: 'Vorläufe', exact: true })).toBeVisible();
    await expect(german.getByRole('heading', { name: 'Zweite Chance', exact: true })).toBeVisible();
    await expect(german.getByRole('heading', { name: 'Finale', exact: true })).toBeVisible();
    await expect(german.getByTestId('scheduled-game')).toHaveText([
      /Vorlauf 1.*Läuft/,
      /Vorlauf 2.*Läuft/,
      /Zweite Chance.*Wartet.*Entscheidet sich in der Runde davor/,
      /Finale.*Wartet/,
    ]);
    expect(await german.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBe(0);
    await keepScreenshot(german, 'tournament-page-heats-390-de');
    await german.setViewportSize(LAPTOP);
    await keepScreenshot(german, 'tournament-page-heats-1280-de');
  } finally {
    for (const scale of scales) scale.stop();
    await germanContext.close();
  }
});
