import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { tournamentWatch } from '@beerscale/contract/api/tournaments';
import type { TournamentWatchReply } from '@beerscale/contract/tournaments';
import { callsTo, refusal, serve } from '../../../testing/contract-server';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { testGame, testPlayer } from '../../../testing/game-state';
import { tokenExpiringIn } from '../../../testing/make-token';
import { STORAGE_KEYS, write } from '../../../lib/storage';
import { grandPrix, standing } from './tournament-fixtures';
import { TournamentScreen } from './tournament-screen';

const TOKEN = 'abcdefghijklmnopqrstuv';

function renderScreen(token = TOKEN) {
  write(STORAGE_KEYS.token, tokenExpiringIn(3600));
  render(<TournamentScreen token={token} />, { wrapper: sessionWrapper(new FakeSocket()) });
}

/** Game 2 on the scale, its round 1 running with Malt on turn. */
function playing(): TournamentWatchReply {
  const reply = grandPrix();
  return {
    ...reply,
    schedule: reply.schedule.map((g, i) =>
      i === 1 ? { ...g, gameId: 42, scaleAddress: 'AABBCCDDEEFF', status: 'active' } : g,
    ),
    next: null,
    live: [
      testGame({
        id: 42,
        phase: 'DRINKING',
        target: 412,
        currentPlayerId: 2,
        players: [
          testPlayer(1, { playerName: 'Hops', differences: [7] }),
          testPlayer(2, { playerName: 'Malt' }),
          testPlayer(3, { playerName: 'Gast' }),
        ],
      }),
    ],
  };
}

afterEach(cleanup);

describe('the tournament table screen', () => {
  it('shows the standings with points and the last change, the game on the scale and the clock', async () => {
    serve(tournamentWatch, () => playing());
    renderScreen();
    const rows = await screen.findAllByTestId('screen-standing');
    expect(rows.map((r) => r.textContent)).toEqual(['1.Malt10+10', '2.Hops7+7', '3.Gast5+5']);
    const game = screen.getByTestId('live-game');
    expect(game.textContent).toContain('Game 2');
    expect(game.textContent).toContain('Scale …EEFF');
    expect(game.textContent).toContain('Drinking');
    expect(game.textContent).toContain('Target 412 g');
    const lines = within(game).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual(['Hops7 g', 'Malt (on turn)–', 'Gast–']);
    // The server's clock less the start: 1 h 5 min 9 s (a second more if the test ran slowly).
    expect(screen.getByTestId('night-clock').textContent).toMatch(/^Running for 1:05:(09|10)$/);
    expect(screen.queryByTestId('next-game')).toBeNull();
    // No account: the call goes without the browser's token, even when one is stored.
    expect(callsTo(tournamentWatch)[0]!.headers.has('authorization')).toBe(false);
  });

  it('names the next game and who plays it while no game is on a scale', async () => {
    serve(tournamentWatch, () => ({ ...grandPrix(), live: [] }));
    renderScreen();
    expect((await screen.findByTestId('next-game')).textContent).toBe(
      'Up next: Game 2Hops · Malt · Gast',
    );
    expect(screen.getByText('No game on a scale right now.')).toBeTruthy();
  });

  it('shows the podium, the awards and the whole night once finished', async () => {
    serve(tournamentWatch, () => ({
      ...grandPrix({
        status: 'finished',
        finishedAt: '2026-11-27T22:00:00.000Z',
        next: null,
        standings: [standing(2, 'Malt', 1, 17), standing(1, 'Hops', 2, 14)],
        awards: [{ kind: 'closest', entryId: 1, name: 'Hops', count: 1 }],
      }),
      live: [],
    }));
    renderScreen();
    expect((await screen.findAllByTestId('podium-place')).map((p) => p.textContent)).toEqual([
      expect.stringContaining('Malt17 points'),
      expect.stringContaining('Hops14 points'),
    ]);
    expect(screen.getByRole('region', { name: 'Awards of the night' }).textContent).toContain(
      'Closest overallHops (1 game)',
    );
    expect(screen.getByTestId('night-clock').textContent).toBe('Played for 3:00:00');
  });

  it('says that a link is not valid: refused by the server, or not a token at all', async () => {
    serve(tournamentWatch, () =>
      refusal(tournamentWatch, 404, { error: 'Not found', code: 'NOT_FOUND' }),
    );
    renderScreen();
    expect(await screen.findByText('This table screen link does not work')).toBeTruthy();
    cleanup();
    renderScreen('short');
    expect(screen.getByText('This table screen link does not work')).toBeTruthy();
    expect(callsTo(tournamentWatch)).toHaveLength(1);
  });
});
