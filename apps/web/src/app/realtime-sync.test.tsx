import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { useLocation } from 'wouter';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { myInvites } from '@beerscale/contract/api/invites';
import type { GameState } from '@beerscale/contract/game-state';
import type { MyInvite } from '@beerscale/contract/games';
import { gameStateQueryOptions } from '../features/live/api/game-state';
import { activate } from '../i18n/i18n';
import { serve } from '../testing/contract-server';
import { FakeSocket, sessionWrapper } from '../testing/fake-session';

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
let invites: MyInvite[];
let queryClient: QueryClient;

/** The sync as the protected shell mounts it; the hook reports where the router is. */
function mount() {
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const { result } = renderHook(() => useLocation()[0], {
    wrapper: sessionWrapper(socket, queryClient, '/home', { realtime: true }),
  });
  return { invalidate, path: () => result.current };
}

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
  localStorage.setItem('currentGameId', String(OWN_GAME));
  socket = new FakeSocket();
  invites = [];
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The sync shows the invitations that waited while the page was closed.
  serve(myInvites, () => invites);
});
afterEach(() => {
  cleanup();
});

describe('the realtime sync', () => {
  it.each(['GAME_DELETED', 'PLAYER_KICKED', 'GAME_COMPLETED'] as const)(
    '%s of the own game clears the stored id and refreshes the lobby',
    (type) => {
      const { invalidate } = mount();
      act(() => socket.emit({ type, ...game(OWN_GAME) }));
      expect(localStorage.getItem('currentGameId')).toBeNull();
      expect(invalidate).toHaveBeenCalledWith({ queryKey: ['ranked'] });
    },
  );

  it.each(['GAME_DELETED', 'PLAYER_KICKED', 'GAME_COMPLETED'] as const)(
    '%s of another game keeps the stored id',
    (type) => {
      mount();
      act(() => socket.emit({ type, ...game(INVITED_GAME) }));
      expect(localStorage.getItem('currentGameId')).toBe(String(OWN_GAME));
    },
  );

  it('GAME_COMPLETED refreshes the figures the result changes', () => {
    const { invalidate } = mount();
    act(() => socket.emit({ type: 'GAME_COMPLETED', ...game(OWN_GAME) }));
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual(
      expect.arrayContaining([
        ['game-state', OWN_GAME],
        ['fast-game', 'active'],
        ['ranked'],
        ['home'],
        ['leaderboard'],
      ]),
    );
    expect(toast.info).toHaveBeenCalledWith(
      'Game "Game 9" completed! Check your updated ELO on the leaderboard.',
    );
  });

  it('speaks of no new ELO for a fast game, and shows no toast over the results on /live', () => {
    queryClient.setQueryData(gameStateQueryOptions(OWN_GAME).queryKey, {
      mode: 'fast',
    } as GameState);
    mount();
    act(() => socket.emit({ type: 'GAME_COMPLETED', ...game(OWN_GAME) }));
    expect(toast.info).toHaveBeenLastCalledWith('Game "Game 9" completed! See the results.');

    cleanup();
    vi.mocked(toast.info).mockClear();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const onLive = new FakeSocket();
    renderHook(() => null, {
      wrapper: sessionWrapper(onLive, queryClient, '/live', { realtime: true }),
    });
    act(() => onLive.emit({ type: 'GAME_COMPLETED', ...game(OWN_GAME) }));
    expect(toast.info).not.toHaveBeenCalled();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['game-state', OWN_GAME] });
  });

  it("names a fast game in the reader's language", async () => {
    await activate('de');
    try {
      mount();
      act(() => socket.emit({ type: 'GAME_COMPLETED', gameId: 5, gameName: 'Fast Game' }));
      expect(toast.info).toHaveBeenLastCalledWith(
        'Spiel „Schnelles Spiel“ beendet! Schau dir das Ergebnis an.',
      );
    } finally {
      await activate('en');
    }
  });

  it("SCALE_NACK tells the leader the scale's reason, or that it gave none", () => {
    mount();
    const nack = {
      type: 'SCALE_NACK',
      macAddress: 'AABBCCDDEEFF',
      command: 'CONFIGURE',
    } as const;
    act(() => socket.emit({ ...nack, error: 'Too many players' }));
    expect(toast.error).toHaveBeenLastCalledWith(
      'The scale AABBCCDDEEFF refused CONFIGURE: Too many players',
    );
    act(() => socket.emit({ ...nack, error: '' }));
    expect(toast.error).toHaveBeenLastCalledWith(
      'The scale AABBCCDDEEFF refused CONFIGURE without giving a reason',
    );
  });

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
      {
        id: 41,
        inviteId: 41,
        gameId: INVITED_GAME,
        gameName: 'Game 5',
        inviter: { playerId: 3, playerName: 'Lea' },
      },
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

  it.each(['PARTICIPANTS_UPDATED', 'PLAYER_JOINED', 'PLAYER_LEFT'] as const)(
    '%s refreshes the lobby without a notice',
    (type) => {
      const { invalidate } = mount();
      act(() =>
        socket.emit(
          type === 'PARTICIPANTS_UPDATED'
            ? { type, gameId: OWN_GAME }
            : { type, gameId: OWN_GAME, playerId: 3, playerName: 'Lea' },
        ),
      );
      expect(invalidate).toHaveBeenCalledWith({ queryKey: ['ranked'] });
      expect(toast.info).not.toHaveBeenCalled();
    },
  );

  it('RANKED_GAME_STARTED saves the game and opens /live', () => {
    const { path } = mount();
    act(() => socket.emit({ type: 'RANKED_GAME_STARTED', ...game(12) }));
    expect(localStorage.getItem('currentGameId')).toBe('12');
    expect(path()).toBe('/live');
  });

  it('GAME_STATE replaces a game already in the cache and stores no other', () => {
    const before = { id: 1, name: 'Before' } as GameState;
    queryClient.setQueryData(gameStateQueryOptions(1).queryKey, before);
    mount();
    const after = { ...before, name: 'After' };
    act(() => socket.emit({ type: 'GAME_STATE', game: after }));
    act(() => socket.emit({ type: 'GAME_STATE', game: { ...after, id: 2 } }));
    expect(queryClient.getQueryData(gameStateQueryOptions(1).queryKey)).toEqual(after);
    expect(queryClient.getQueryState(gameStateQueryOptions(2).queryKey)).toBeUndefined();
  });

  it('stops reacting once unmounted', () => {
    mount();
    cleanup();
    act(() => socket.emit({ type: 'GAME_DELETED', ...game(OWN_GAME) }));
    expect(localStorage.getItem('currentGameId')).toBe(String(OWN_GAME));
  });
});
