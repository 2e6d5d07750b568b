import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket, sessionWrapper } from '../../testing/fake-session';
import { useGameNotices } from './use-game-notices';

vi.mock('react-toastify', () => {
  const toast = Object.assign(vi.fn(), { dismiss: vi.fn(), info: vi.fn(), error: vi.fn() });
  return { toast };
});

// The stored game id is the user's own game; events about another game (one they were only
// invited to) must leave it alone, and must not leave that game's invitation on screen.

const OWN_GAME = 9;
const INVITED_GAME = 5;
const game = (gameId: number) => ({ gameId, gameName: `Game ${gameId}` });

let socket: FakeSocket;
let invites: unknown[];

function mount() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  renderHook(() => useGameNotices(), { wrapper: sessionWrapper(socket, queryClient) });
  return { invalidate };
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  localStorage.setItem('currentGameId', String(OWN_GAME));
  socket = new FakeSocket();
  invites = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(invites), { status: 200 })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useGameNotices', () => {
  it.each(['GAME_DELETED', 'PLAYER_KICKED'] as const)(
    '%s of the own game clears the stored id and refreshes the lobby',
    (type) => {
      const { invalidate } = mount();
      act(() => socket.emit({ type, ...game(OWN_GAME) }));
      expect(localStorage.getItem('currentGameId')).toBeNull();
      expect(invalidate).toHaveBeenCalledWith({ queryKey: ['ranked'] });
    },
  );

  it.each(['GAME_DELETED', 'PLAYER_KICKED'] as const)(
    '%s of another game keeps the stored id',
    (type) => {
      mount();
      act(() => socket.emit({ type, ...game(INVITED_GAME) }));
      expect(localStorage.getItem('currentGameId')).toBe(String(OWN_GAME));
    },
  );

  it('INVITATION_CANCELLED dismisses that invitation and says so', () => {
    mount();
    act(() =>
      socket.emit({
        type: 'GAME_INVITATION',
        invitationId: 41,
        ...game(INVITED_GAME),
        inviter: { playerId: 3, playerName: 'Lea' },
      }),
    );
    act(() =>
      socket.emit({ type: 'INVITATION_CANCELLED', invitationId: 41, ...game(INVITED_GAME) }),
    );
    expect(toast.dismiss).toHaveBeenCalledWith('invitation-41');
    expect(toast.dismiss).toHaveBeenCalledTimes(1);
    expect(toast.info).toHaveBeenCalledWith('Game invitation has been cancelled', {
      autoClose: 3000,
    });
    expect(localStorage.getItem('currentGameId')).toBe(String(OWN_GAME));
  });

  it('GAME_DELETED dismisses the open invitations to that game only', async () => {
    // One invitation waited while the page was closed, the other arrives live.
    invites = [
      { id: 41, gameId: INVITED_GAME, gameName: 'Game 5', inviter: { playerName: 'Lea' } },
    ];
    mount();
    await waitFor(() => expect(toast).toHaveBeenCalledTimes(1));
    act(() =>
      socket.emit({
        type: 'GAME_INVITATION',
        invitationId: 42,
        ...game(OWN_GAME + 1),
        inviter: { playerId: 3, playerName: 'Lea' },
      }),
    );
    act(() => socket.emit({ type: 'GAME_DELETED', ...game(INVITED_GAME) }));
    expect(vi.mocked(toast.dismiss).mock.calls).toEqual([['invitation-41']]);
  });
});
