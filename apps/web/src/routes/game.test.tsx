import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket, sessionWrapper } from '../testing/fake-session';
import Game from './game';

let openRanked: { gameId: number } | null;
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

beforeEach(() => {
  localStorage.clear();
  openRanked = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/api/users/active-game') return json({ activeGame: openRanked });
      if (path === '/api/fast-game/active') return json({ activeGame: null });
      return new Response(JSON.stringify({ error: 'Not found' }), { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderGame = () => render(<Game />, { wrapper: sessionWrapper(new FakeSocket()) });
const selected = (name: string) =>
  screen.findByRole('tab', { name, selected: true }).then((tab) => tab.textContent);

describe('/game', () => {
  it('opens on the ranked lobby a player has open, on a device that never chose a mode', async () => {
    openRanked = { gameId: 7 };
    renderGame();
    expect(await selected('Ranked')).toContain('Ranked');
  });

  it('opens on Casual without an open ranked game, and on the mode this device chose', async () => {
    renderGame();
    expect(await selected('Casual')).toContain('Casual');
    cleanup();
    openRanked = { gameId: 7 };
    localStorage.setItem('selectedGameMode', 'fast');
    renderGame();
    expect(await selected('Casual')).toContain('Casual');
  });
});
