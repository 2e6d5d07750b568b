import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { RankedLobby } from './ranked-lobby';

// A lobby whose players cannot be fetched used to stay a skeleton for good.

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/api/users/active-game') {
        return json({
          activeGame: { gameId: 3, gameName: 'Derby', isLeader: true, status: 'pending' },
        });
      }
      if (path === '/api/games/3') {
        return json({
          id: 3,
          name: 'Derby',
          creator_id: 7,
          status: 'pending',
          scale_mac: null,
          container_type: null,
          rounds_planned: 1,
        });
      }
      return json({ error: 'The game is busy; try again', code: 'GAME_BUSY' }, 503);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('RankedLobby', () => {
  it('shows why when the players cannot be fetched, not a skeleton', async () => {
    render(<RankedLobby />, { wrapper: sessionWrapper(new FakeSocket()) });
    expect((await screen.findByRole('alert')).textContent).toContain('The game is busy; try again');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
