import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Route, Switch, useLocation } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activeFastGame } from '@beerscale/contract/api/fast-games';
import { activeRankedGame } from '@beerscale/contract/api/games';
import { myInvites } from '@beerscale/contract/api/invites';
import { gameState } from '@beerscale/contract/api/play';
import type { GameState } from '@beerscale/contract/game-state';
import { CLASSIC_RULES } from '@beerscale/contract/rules';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { LiveView } from './live-view';
import { serve } from '../../../testing/contract-server';
import { testGame, testPlayer } from '../../../testing/game-state';

// /live must show the game the user is in now (a new one after a finished one, in the same
// tab and cache), yet keep a game that finishes on screen.

function snapshot(id: number, status: GameState['status'] = 'active'): GameState {
  const player = (n: number) =>
    testPlayer(n, { userId: n === 1 ? 7 : null, rank: status === 'completed' ? n : null });
  return testGame({
    id,
    name: `Game ${id}`,
    status,
    phase: status === 'completed' ? 'FINISHED' : 'INITIAL_WEIGHING',
    round: 0,
    roundsPlanned: 1,
    currentPlayerId: 1,
    players: [player(1), player(2)],
  });
}

let openFastGame: number | null;
let openRankedGame: number | null;

function LiveAgain() {
  const [, navigate] = useLocation();
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
    <Switch>
      <Route path="/live">
        <LiveView />
        <LiveAgain />
      </Route>
    </Switch>,
    { wrapper: sessionWrapper(socket, queryClient, '/live', { realtime: true }) },
  );
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

beforeEach(() => {
  localStorage.clear();
  openFastGame = null;
  openRankedGame = null;
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  serve(gameState, ({ params }) => ({ game: snapshot(Number(params.id)) }));
  serve(activeFastGame, () => ({
    activeGame:
      openFastGame === null
        ? null
        : {
            gameId: openFastGame,
            status: 'active',
            players: ['Player 1', 'Player 2'],
            scaleAddress: 'AABBCCDDEEFF',
            containerType: 'BEER_BOTTLE' as const,
            rounds: 1,
            rules: CLASSIC_RULES,
          },
  }));
  serve(activeRankedGame, () => ({
    activeGame:
      openRankedGame === null
        ? null
        : {
            gameId: openRankedGame,
            gameName: `Game ${openRankedGame}`,
            isLeader: true,
            status: 'active',
          },
  }));
  serve(myInvites, () => []);
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
    act(() => socket.emit({ type: 'GAME_STATE', game: snapshot(1, 'completed') }));
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

  // A reload after the game's end (GAME_COMPLETED cleared the saved id) found only "No game to
  // show": the last game that ended is linked to its page.
  it('links to the last game that ended when no game is open', async () => {
    localStorage.setItem('lastGameId', '4');
    renderApp();
    await heading('No game to show');
    const link = screen.getByRole('link', { name: 'See the last game’s results' });
    expect(link.getAttribute('href')).toBe('/games/4');
  });

  it('saves the game that ends as the last one, for the next visit', async () => {
    localStorage.setItem('currentGameId', '1');
    renderApp();
    await heading('Game 1');
    act(() => socket.emit({ type: 'GAME_COMPLETED', gameId: 1, gameName: 'Game 1' }));
    expect(localStorage.getItem('lastGameId')).toBe('1');
    expect(localStorage.getItem('currentGameId')).toBeNull();
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
