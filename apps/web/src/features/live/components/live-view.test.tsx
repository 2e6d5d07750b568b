import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Route, Routes, useNavigate } from '../../../lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameState } from '@beerscale/contract/game-state';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { LiveView } from './live-view';
import { CLASSIC_GAME_FIELDS, CLASSIC_PLAYER_FIELDS } from '../../../testing/house-rules';

// /live must show the game the user is in now (a new one after a finished one, in the same
// tab and cache), yet keep a game that finishes on screen.

function gameState(id: number, status: GameState['status'] = 'active'): GameState {
  const player = (n: number) => ({
    id: n,
    userId: n === 1 ? 7 : null,
    playerName: `Player ${n}`,
    position: n - 1,
    isLeader: n === 1,
    startWeight: null,
    lastWeight: null,
    differences: [],
    meanDifference: null,
    exactMatches: 0,
    bestDifference: null,
    rank: status === 'completed' ? n : null,
    eloBefore: null,
    eloAfter: null,
    typedRounds: [],
    ...CLASSIC_PLAYER_FIELDS,
  });
  return {
    id,
    name: `Game ${id}`,
    mode: 'fast',
    status,
    phase: status === 'completed' ? 'FINISHED' : 'INITIAL_WEIGHING',
    round: 0,
    roundsPlanned: 1,
    target: null,
    currentPlayerId: 1,
    scaleAddress: 'AABBCCDDEEFF',
    containerType: 'BEER_BOTTLE',
    rated: null,
    ...CLASSIC_GAME_FIELDS,
    players: [player(1), player(2)],
  };
}

let openFastGame: number | null;
let openRankedGame: number | null;
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

function LiveAgain() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/live')}>
      Started again
    </button>
  );
}

const socket = new FakeSocket();
// One cache for the whole test, as in the app: the earlier visit's answers are still in it.
let queryClient: QueryClient;

function renderApp() {
  return render(
    <Routes>
      <Route
        path="/live"
        element={
          <>
            <LiveView />
            <LiveAgain />
          </>
        }
      />
    </Routes>,
    { wrapper: sessionWrapper(socket, queryClient, '/live', { realtime: true }) },
  );
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

beforeEach(() => {
  localStorage.clear();
  openFastGame = null;
  openRankedGame = null;
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      const state = /^\/api\/games\/(\d+)\/state$/.exec(path);
      if (state) return json({ game: gameState(Number(state[1])) });
      if (path === '/api/fast-game/active') {
        return json({ activeGame: openFastGame === null ? null : { gameId: openFastGame } });
      }
      if (path === '/api/users/active-game') {
        return json({ activeGame: openRankedGame === null ? null : { gameId: openRankedGame } });
      }
      return new Response(JSON.stringify({ error: 'Not found' }), { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LiveView', () => {
  it('keeps a game that finishes on screen after its saved id is cleared', async () => {
    localStorage.setItem('currentGameId', '1');
    renderApp();
    await heading('Game 1');
    localStorage.removeItem('currentGameId');
    act(() => socket.emit({ type: 'GAME_STATE', game: gameState(1, 'completed') }));
    expect(await screen.findByRole('heading', { name: 'Final results' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Game 1');
  });

  it('shows the saved game of a new start, not the previous one', async () => {
    localStorage.setItem('currentGameId', '1');
    renderApp();
    await heading('Game 1');
    // Game 1 ends, game 2 is started (saved) and RANKED_GAME_STARTED navigates to /live again.
    localStorage.setItem('currentGameId', '2');
    fireEvent.click(screen.getByRole('button', { name: 'Started again' }));
    await heading('Game 2');
  });

  it('shows the open ranked game on a device that saved no game id', async () => {
    openRankedGame = 3;
    renderApp();
    await heading('Game 3');
  });

  it('asks the server afresh for the open fast game on every visit', async () => {
    openFastGame = 1;
    const { unmount } = renderApp();
    await heading('Game 1');
    unmount();
    openFastGame = 2;
    renderApp();
    await heading('Game 2');
    expect(screen.queryByRole('heading', { name: 'Game 1' })).toBeNull();
  });
});
