import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameState } from '@beerscale/contract/game-state';
const YOUR_TURN = 'Your turn!';
import { FakeSocket, TEST_USER, sessionWrapper } from '../../../testing/fake-session';
import { LiveView } from './live-view';
import { HOUSE_RULES_GAME, HOUSE_RULES_PLAYER } from '../../../testing/house-rules-fixtures';

// /live keeps the screen on while the game runs and tells the signed-in player when it is
// their turn: a vibration where the browser has one, and a large banner everywhere.

const player = (id: number, userId: number | null) => ({
  id,
  userId,
  playerName: `Player ${id}`,
  position: id - 1,
  isLeader: id === 1,
  startWeight: null,
  lastWeight: null,
  differences: [],
  meanDifference: null,
  exactMatches: 0,
  bestDifference: null,
  rank: null,
  eloBefore: null,
  eloAfter: null,
  typedRounds: [],
  ...HOUSE_RULES_PLAYER,
});

const state = (currentPlayerId: number, status: GameState['status'] = 'active'): GameState => ({
  id: 3,
  name: 'Turns',
  mode: 'fast',
  status,
  phase: 'INITIAL_WEIGHING',
  round: 0,
  roundsPlanned: 1,
  target: null,
  currentPlayerId,
  scaleAddress: 'AABBCCDDEEFF',
  containerType: 'BEER_BOTTLE',
  players: [player(1, TEST_USER.id), player(2, null)],
  rated: null,
  ...HOUSE_RULES_GAME,
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
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ game: state(2) }), { status: 200 })),
  );
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
});
