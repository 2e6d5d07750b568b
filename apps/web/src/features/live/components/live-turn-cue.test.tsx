import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { myInvites } from '@beerscale/contract/api/invites';
import { gameState } from '@beerscale/contract/api/play';
import type { GameState } from '@beerscale/contract/game-state';
const YOUR_TURN = 'Your turn!';
import { FakeSocket, TEST_USER, sessionWrapper } from '../../../testing/fake-session';
import { LiveView } from './live-view';
import { serve } from '../../../testing/contract-server';
import { testGame, testPlayer } from '../../../testing/game-state';

// /live keeps the screen on while the game runs and tells the signed-in player when it is
// their turn: a vibration where the browser has one, and a large banner everywhere.

const state = (
  currentPlayerId: number,
  status: GameState['status'] = 'active',
  phase: GameState['phase'] = 'INITIAL_WEIGHING',
): GameState =>
  testGame({
    id: 3,
    name: 'Turns',
    status,
    phase,
    round: 0,
    roundsPlanned: 1,
    currentPlayerId,
    players: [testPlayer(1, { userId: TEST_USER.id }), testPlayer(2)],
  });

const socket = new FakeSocket();
let vibrate: ReturnType<typeof vi.fn>;
let wakeLocks: number;

beforeEach(() => {
  localStorage.setItem('currentGameId', '3');
  vibrate = vi.fn(() => true);
  wakeLocks = 0;
  const wakeLock = {
    request: async () => {
      wakeLocks += 1;
      return { released: false, release: async () => void (wakeLocks -= 1) };
    },
  };
  vi.stubGlobal('navigator', { ...navigator, vibrate, wakeLock });
  serve(gameState, () => ({ game: state(2) }));
  serve(myInvites, () => []);
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('LiveView at the table', () => {
  it('cues the player whose turn it becomes, and holds the screen on while the game runs', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(<LiveView />, {
      wrapper: sessionWrapper(socket, queryClient, '/live', { realtime: true }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Turns' });
    expect(screen.queryByText(YOUR_TURN)).toBeNull();
    await vi.waitFor(() => expect(wakeLocks).toBe(1));

    act(() => socket.emit({ type: 'GAME_STATE', game: state(1) }));
    expect(await screen.findByText(YOUR_TURN)).toBeTruthy();
    expect(vibrate).toHaveBeenCalledTimes(1);

    act(() => socket.emit({ type: 'GAME_STATE', game: state(2) }));
    await vi.waitFor(() => expect(screen.queryByText(YOUR_TURN)).toBeNull());

    act(() => socket.emit({ type: 'GAME_STATE', game: state(1, 'completed') }));
    await vi.waitFor(() => expect(wakeLocks).toBe(0));
    expect(vibrate).toHaveBeenCalledTimes(1);
  });

  it("says nobody's turn while everyone drinks, though the player weighs first", async () => {
    serve(gameState, () => ({ game: state(1, 'active', 'DRINKING') }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(<LiveView />, {
      wrapper: sessionWrapper(socket, queryClient, '/live', { realtime: true }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Turns' });
    // "Your turn! Put your container on the scale" while the whole table drinks was wrong.
    expect(screen.queryByText(YOUR_TURN)).toBeNull();
    expect(vibrate).not.toHaveBeenCalled();

    act(() => socket.emit({ type: 'GAME_STATE', game: state(1, 'active', 'SCORING') }));
    expect(await screen.findByText(YOUR_TURN)).toBeTruthy();
  });
});
