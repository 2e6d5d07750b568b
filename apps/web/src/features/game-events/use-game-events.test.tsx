import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket, sessionWrapper } from '../../testing/fake-session';
import { toast } from 'react-toastify';
import { activate } from '../../i18n/i18n';
import { useGameEvents } from './use-game-events';

vi.mock('react-toastify', () => ({ toast: { info: vi.fn() } }));

let socket: FakeSocket;

function mount() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  renderHook(() => useGameEvents(), { wrapper: sessionWrapper(socket, queryClient) });
  return { invalidate };
}

beforeEach(() => {
  localStorage.clear();
  socket = new FakeSocket();
});
afterEach(cleanup);

describe('GAME_COMPLETED (SPEC §4: clears like GAME_DELETED)', () => {
  it('clears the stored id of that game and refreshes the ranked lobby', () => {
    localStorage.setItem('currentGameId', '9');
    const { invalidate } = mount();
    act(() => socket.emit({ type: 'GAME_COMPLETED', gameId: 9, gameName: 'Derby' }));
    expect(localStorage.getItem('currentGameId')).toBeNull();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['ranked'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['leaderboard'] });
  });

  it('keeps the stored id of another game', () => {
    localStorage.setItem('currentGameId', '9');
    mount();
    act(() => socket.emit({ type: 'GAME_COMPLETED', gameId: 5, gameName: 'Other' }));
    expect(localStorage.getItem('currentGameId')).toBe('9');
  });

  it("names a fast game in the reader's language", async () => {
    await activate('de');
    try {
      mount();
      act(() => socket.emit({ type: 'GAME_COMPLETED', gameId: 5, gameName: 'Fast Game' }));
      expect(toast.info).toHaveBeenLastCalledWith(
        expect.stringMatching(/^Spiel „Schnelles Spiel“/),
      );
    } finally {
      await activate('en');
    }
  });
});
