import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaderboard } from '@beerscale/contract/api/leaderboard';
import { ERRORS } from '@beerscale/contract/messages';
import { refusal, serve } from '../../../testing/contract-server';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { LeaderboardTable } from './leaderboard-table';

// A server failure is shown from the reply's error field, the screen's own fallback otherwise.

function failWith(response: Response) {
  serve(leaderboard, () => response);
  render(<LeaderboardTable />, { wrapper: sessionWrapper(new FakeSocket()) });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the leaderboard error view', () => {
  it("shows the server's error", async () => {
    failWith(refusal(leaderboard, 503, { error: ERRORS.unavailable }));
    expect((await screen.findByRole('alert')).textContent).toBe(ERRORS.unavailable);
  });

  it('falls back to its own text when the reply has no error field', async () => {
    failWith(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect((await screen.findByRole('alert')).textContent).toBe(ERRORS.fetchLeaderboard);
  });
});

describe('the leaderboard on a phone', () => {
  it('truncates long names on one line and puts the wins under a 4-digit count', async () => {
    serve(leaderboard, () => [
      {
        id: 1,
        playerName: 'Maximilian',
        currentElo: 1834.4,
        averageMeanDifference: 12.34,
        gamesPlayed: 4321,
        gamesWon: 1234,
        status: 'offline' as const,
        verifiedGames: 12,
        provisional: false,
      },
    ]);
    render(<LeaderboardTable />, { wrapper: sessionWrapper(new FakeSocket()) });
    const name = await screen.findByTestId('player-name');
    expect(name.className).toMatch(/\btruncate\b/);
    expect(name.getAttribute('title')).toBe('Maximilian');
    expect(screen.getByText('1,234 wins').className).toMatch(/\bblock\b/);
  });
});

describe('the empty leaderboard', () => {
  it('says that it counts ranked games, beside the empty list texts', async () => {
    serve(leaderboard, () => []);
    render(<LeaderboardTable />, { wrapper: sessionWrapper(new FakeSocket()) });
    expect(await screen.findByText('No games played yet!')).toBeTruthy();
    expect(screen.getByText('Complete a game to see the leaderboard.')).toBeTruthy();
    expect(screen.getByText(/counts ranked games only/)).toBeTruthy();
  });
});

describe('provisional ratings', () => {
  it('marks a provisional ELO with "?" and says why; a settled one has none', async () => {
    const row = (id: number, provisional: boolean) => ({
      id,
      playerName: `P${id}`,
      currentElo: 1216,
      averageMeanDifference: 3,
      gamesPlayed: 3,
      gamesWon: 2,
      status: 'offline' as const,
      verifiedGames: 2,
      provisional,
    });
    serve(leaderboard, () => [row(1, true), row(2, false)]);
    render(<LeaderboardTable />, { wrapper: sessionWrapper(new FakeSocket()) });
    const marks = await screen.findAllByTestId('provisional');
    expect(marks).toHaveLength(1);
    expect(marks[0]!.textContent).toMatch(/^\?/);
    expect(marks[0]!.getAttribute('title')).toBe(
      'Provisional rating: fewer than 5 rated games, or fewer than 3 opponents who also play others',
    );
    expect(screen.getAllByRole('row')[1]!.textContent).toContain('1216?');
    expect(screen.getAllByTestId('verified-games')[0]!.textContent).toBe('2 verified');
  });
});
