import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { GameState } from '@beerscale/contract/game-state';
import type { ScaleClient } from '@beerscale/scale-sim/scale-client';
import { registerUser, type TestUser } from '../support/api';
import { pairedSimulator } from '../support/scale';
import { keepScreenshot } from '../support/screenshots';

// A German group plays Strichliste on a 390 px phone: set up with the preset's card, two rounds
// weighed by the simulator (one exact hit typed by the leader, whose penalty the leader gives
// from /live), the penalties announced and marked on /live and on a watch link, and the results
// ranked by the marks with every reason.
test.use({ locale: 'de-DE' });

const PHONE = { width: 390, height: 844 };

/** The table's moves through the real API and the simulator, waiting for the server each time. */
function table(request: APIRequestContext, host: TestUser, scale: ScaleClient, live: Page) {
  const headers = { authorization: `Bearer ${host.token}` };
  let gameId = 0;
  const state = async (): Promise<GameState> =>
    (await (await request.get(`/api/games/${gameId}/state`, { headers })).json()).game;
  // What a recorded placement changes: the phase, the player on turn, a start weight, a round.
  const progress = (game: GameState) =>
    JSON.stringify([
      game.phase,
      game.round,
      game.currentPlayerId,
      game.players.map((p) => [p.startWeight, p.differences.length]),
    ]);
  return {
    set gameId(id: number) {
      gameId = id;
    },
    state,
    /** The container of the player on turn goes on the scale until the server counts it. */
    async weigh(grams: number) {
      // The platform must have read empty since the last placement: /live shows when it does.
      await expect(live.getByTestId('live-weight')).toHaveText('Leer', { timeout: 10_000 });
      const before = progress(await state());
      scale.place(grams);
      await expect.poll(async () => progress(await state()), { timeout: 15_000 }).not.toBe(before);
      scale.remove();
    },
    /** The leader types the reading of the player on turn (it counts like a placement). */
    async type(grams: number) {
      const reply = await request.post(`/api/games/${gameId}/measurements`, {
        headers,
        data: { grams },
      });
      expect(reply.ok(), await reply.text()).toBe(true);
    },
    async onTurn(): Promise<string | null> {
      const game = await state();
      return game.players.find((p) => p.id === game.currentPlayerId)?.playerName ?? null;
    },
  };
}

test('a German group plays Strichliste on a phone and sees every penalty, on /live and a watch link', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const host = await registerUser(request);
  const scale = await pairedSimulator({ server: baseURL!, mac: host.mac, keyFile: null, seed: 24 });
  const watcherContext = await browser.newContext({ locale: 'de-DE', viewport: PHONE });
  const watcher = await watcherContext.newPage();
  try {
    await page.setViewportSize(PHONE);
    await page.goto('/login');
    await page.getByLabel('Benutzername/E-Mail').fill(host.username);
    await page.getByLabel('Passwort').fill(host.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/home$/);

    // Set-up: three players, two rounds, the Strichliste card (classic was chosen before).
    await page.goto(`/game?mac=${host.mac}`);
    await page.getByLabel('Spieler 2', { exact: true }).fill('Bob');
    await page.getByRole('button', { name: 'Spieler hinzufügen' }).click();
    await page.getByLabel('Spieler 3', { exact: true }).fill('Anna');
    await page.getByLabel('Runden').selectOption('2');
    await expect(page.getByRole('radio', { name: /^Klassisch/ })).toBeChecked();
    await page.getByText('Strichliste', { exact: true }).click();
    await expect(page.getByRole('radio', { name: /^Strichliste Wer am weitesten/ })).toBeChecked();
    // Strichliste's penalties are Schnaps: the leader confirms that everyone is 18 or older.
    await page.getByRole('checkbox', { name: /Alle Mitspielenden sind mindestens 18/ }).check();
    await page.getByRole('button', { name: 'Schnelles Spiel einrichten' }).click();
    await page.getByRole('button', { name: 'Live-Ansicht öffnen' }).click();
    await expect(page).toHaveURL(/\/live$/);
    const rulesLine =
      'Strichliste · Striche · Zufallsziel · Schnaps: am weitesten daneben, Volltreffer verteilt';
    await expect(page.getByTestId('rules-line')).toHaveText(rulesLine);

    // The watch link, opened on a friend's phone without an account.
    await page.getByRole('button', { name: 'Teilen' }).click();
    const url = (await page.getByTestId('watch-link').textContent())!;
    await watcher.goto(url);
    await expect(watcher.getByTestId('rules-line')).toHaveText(rulesLine);

    const gameId = Number(await page.evaluate(() => localStorage.getItem('currentGameId')));
    const play = table(request, host, scale, page);
    play.gameId = gameId;
    await page.getByRole('button', { name: 'Spiel starten' }).click();

    // Full bottles (the default container), in turn order.
    for (const grams of [540, 548, 556]) await play.weigh(grams);
    const round1 = await play.state();
    expect(round1.rules.preset).toBe('strichliste');
    const t1 = round1.target!;
    // Round 1: the host 5 g under, Bob 25 g over (the farthest), Anna exact (typed).
    await play.weigh(t1 - 5);
    await play.weigh(t1 + 25);
    expect(await play.onTurn()).toBe('Anna');
    await play.type(t1);

    // Anna hit exactly: she gives a penalty, the leader picks Bob for her on /live.
    await expect(page.getByTestId('rules-giver')).toHaveText(
      'Anna hat exakt getroffen und verteilt eine Strafe',
    );
    await expect(watcher.getByTestId('rules-giver')).toBeVisible();
    await expect(page.getByTestId('penalty-toast')).toHaveText([
      'Bob: Schnaps – am weitesten daneben',
    ]);
    await expect(watcher.getByTestId('penalty-toast').first()).toHaveText(
      'Bob: Schnaps – am weitesten daneben',
    );
    await page.getByRole('button', { name: 'An Bob' }).click();
    for (const screen of [page, watcher]) {
      await expect(screen.getByTestId('penalty-toast').last()).toHaveText(
        'Bob: Schnaps – von Anna verteilt',
      );
    }
    // The toasts name each player's own penalty drink (Schnaps here: everyone drinks beer).
    await keepScreenshot(page, 'house-rules-toasts-de-390', { fullPage: false });
    await expect(watcher.getByTestId('penalty-marks')).toHaveText('||');
    await expect(page.getByTestId('penalty-marks')).toHaveAttribute(
      'aria-label',
      '2 Schnäpse: am weitesten daneben (R1), von Anna verteilt (R1)',
    );

    // Round 2: Anna 30 g under is the farthest.
    await expect.poll(async () => (await play.state()).round).toBe(2);
    const t2 = (await play.state()).target!;
    await play.weigh(t2 + 3);
    await play.weigh(t2 - 2);
    await play.weigh(t2 - 30);
    for (const screen of [page, watcher]) {
      await expect(screen.getByTestId('penalty-toast').last()).toHaveText(
        'Anna: Schnaps – am weitesten daneben',
      );
    }

    // Results: ranked by the marks (fewest first), every penalty with its reason.
    await expect(page.getByRole('heading', { name: 'Endergebnis' })).toBeVisible({
      timeout: 20_000,
    });
    const results = page.getByRole('region', { name: 'Ergebnisse' });
    await expect(results.getByRole('listitem')).toHaveCount(3);
    await expect(results.getByRole('listitem').nth(0)).toContainText(host.playerName);
    await expect(results.getByTestId('result-score')).toHaveText([
      '0Striche',
      '1Strich',
      '2Striche',
    ]);
    await expect(results.getByTestId('result-penalties')).toHaveText([
      '1 Schnaps: am weitesten daneben (R2)',
      '2 Schnäpse: am weitesten daneben (R1), von Anna verteilt (R1)',
    ]);
    const standings = watcher.getByRole('region', { name: 'Endergebnis' });
    await expect(standings.getByRole('listitem').nth(2)).toContainText('Bob');
    // The figure ends the row; the scoring's name stands once over the figures.
    await expect(standings.getByRole('listitem').nth(2)).toHaveText(/2$/);
    await expect(standings.getByTestId('standings-scoring')).toHaveText('Striche');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  } finally {
    scale.stop();
    await watcherContext.close();
  }
});
