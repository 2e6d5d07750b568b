import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HomeReply } from '@beerscale/contract/home';
import { myGroups } from '@beerscale/contract/api/groups';
import { eloHistory, home as homeEntry } from '@beerscale/contract/api/home';
import { checkScales } from '@beerscale/contract/api/scales';
import { serve } from '../../../testing/contract-server';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { HomeView } from './home-view';

// A recent game's place reads as a place ("4th"), not as a game number ("#4").

const home: HomeReply = {
  user: { id: 7, username: 'hopfen', playerName: 'Hops' },
  stats: {
    current_elo: 1200,
    peak_elo: 1200,
    games_played: 2,
    games_won: 0,
    total_exact_matches: 0,
    best_mean_difference: 3,
    average_mean_difference: 4,
    total_penalties: 7,
  },
  recentGames: [
    {
      game_id: 31,
      game_name: 'Friday',
      rank: 4,
      created_at: '2026-11-20T20:00:00Z',
      mean_difference: 3,
      opponents: ['Jonas', 'Mia', 'Tim'],
    },
    {
      game_id: 32,
      game_name: 'Saturday',
      rank: 2,
      created_at: '2026-11-21T20:00:00Z',
      mean_difference: 5,
      opponents: [],
    },
  ],
  activeGame: null,
  tonight: { drankGrams: 0, alcoholGrams: 0, standardDrinks: 0 },
};

beforeEach(() => {
  serve(homeEntry, () => home);
  serve(checkScales, () => ({ hasScales: true }));
  // The rating chart asks for the history once its lazy chunk is in: a test can end first, or
  // not (the chunk may already be loaded), so it is served either way.
  serve(eloHistory, () => []);
  serve(myGroups, () => []);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('HomeView recent games', () => {
  it('says the place as an ordinal', async () => {
    render(<HomeView />, { wrapper: sessionWrapper(new FakeSocket()) });
    expect(await screen.findByText('4th')).toBeTruthy();
    expect(screen.getByText('2nd')).toBeTruthy();
    expect(screen.queryByText('#4')).toBeNull();
  });

  it("opens each game's page and names who it was played against", async () => {
    render(<HomeView />, { wrapper: sessionWrapper(new FakeSocket()) });
    const friday = await screen.findByRole('link', { name: /Friday/ });
    expect(friday.getAttribute('href')).toBe('/games/31');
    expect(friday.textContent).toContain('against Jonas, Mia, Tim');
    const saturday = screen.getByRole('link', { name: /Saturday/ });
    expect(saturday.getAttribute('href')).toBe('/games/32');
    expect(saturday.textContent).not.toContain('against');
  });
});

describe('HomeView tiles', () => {
  it("shows the house rules' penalties as a tile of their own", async () => {
    render(<HomeView />, { wrapper: sessionWrapper(new FakeSocket()) });
    const label = await screen.findByText('Penalties');
    expect(label.previousElementSibling?.textContent).toBe('7');
  });
});

describe("the player's groups on home", () => {
  it('shows each group with the place in its running season, linking to the group', async () => {
    serve(myGroups, () => [
      {
        id: 5,
        name: 'Thursday Club',
        emoji: '🍻',
        role: 'member' as const,
        members: 4,
        season: { number: 1, name: null, startedAt: '2026-11-01T18:00:00Z', endedAt: null },
        place: 2,
      },
      {
        id: 6,
        name: 'Office',
        emoji: null,
        role: 'captain' as const,
        members: 2,
        season: { number: 1, name: null, startedAt: '2026-11-01T18:00:00Z', endedAt: null },
        place: null,
      },
    ]);
    render(<HomeView />, { wrapper: sessionWrapper(new FakeSocket()) });
    const cards = await screen.findAllByTestId('home-group');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/groups/5', '/groups/6']);
    expect(cards[0]!.textContent).toContain('Thursday Club2.my place');
    expect(cards[1]!.textContent).toContain('Office–my place');
  });

  it('shows no groups section without groups', async () => {
    render(<HomeView />, { wrapper: sessionWrapper(new FakeSocket()) });
    await screen.findByText('Friday');
    expect(screen.queryByTestId('home-group')).toBeNull();
  });
});

describe('HomeView welcome', () => {
  it('welcomes back a player who has played', async () => {
    render(<HomeView />, { wrapper: sessionWrapper(new FakeSocket()) });
    expect(await screen.findByRole('heading', { name: 'Welcome back, Hops!' })).toBeTruthy();
  });

  it('says only welcome on the first sign-in, before any game', async () => {
    serve(homeEntry, () => ({
      ...home,
      stats: { ...home.stats, games_played: 0, total_penalties: 0 },
      recentGames: [],
    }));
    render(<HomeView />, { wrapper: sessionWrapper(new FakeSocket()) });
    expect(await screen.findByRole('heading', { name: 'Welcome, Hops!' })).toBeTruthy();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
  });
});
