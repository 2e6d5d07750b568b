import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testGame, testPlayer } from '../../testing/game-state';
import { FakeSocket, sessionWrapper } from '../../testing/fake-session';
import { Scoreboard } from '../../features/live/components/scoreboard';
import { StandingsList } from '../../features/watch/components/standings-list';

// Responsible play on /live and the table screen: each player's drink as a small icon beside the
// name, and a calm notice suggesting water on a player who reached the evening's limit.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const game = testGame({
  players: [
    testPlayer(1, { playerName: 'Anna', drink: { kind: 'beer', abv: 5 } }),
    testPlayer(2, { playerName: 'Ben', drink: { kind: 'water', abv: 0 }, limitReached: true }),
    testPlayer(3, { playerName: 'Cleo', drink: { kind: 'other', abv: 7.5 } }),
  ],
});

const wrapper = sessionWrapper(new FakeSocket());

describe.each([
  ['/live', () => render(<Scoreboard game={game} />, { wrapper })],
  ['the table screen', () => render(<StandingsList game={game} table />, { wrapper })],
  ['the watch page', () => render(<StandingsList game={game} table={false} />, { wrapper })],
])('drinks on %s', (_screen, show) => {
  it('shows every drink beside its name', () => {
    show();
    for (const label of ['Beer 5.0 %', 'Water 0.0 %', 'Other drink 7.5 %']) {
      expect(screen.getByRole('img', { name: label })).toBeTruthy();
    }
  });

  it('suggests water to the player at their limit, and to nobody else', () => {
    show();
    const notices = screen.getAllByTestId('limit-notice');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.textContent).toBe('Evening limit reached. Water is a good next drink.');
    const row = notices[0]!.closest('tr, li') as HTMLElement;
    expect(within(row).getByText('Ben')).toBeTruthy();
  });
});
