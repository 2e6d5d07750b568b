import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Participant } from '@beerscale/contract/games';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { rankedKeys } from '../api/keys';
import { useParticipants } from '../api/queries';
import { ORDER_REFUSAL_WINDOW_MS, useParticipantOrder } from './use-participant-order';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn() } }));

const GAME = 3;
const person = (id: number, position: number): Participant => ({
  id,
  playerName: `P${id}`,
  currentElo: 1200,
  isLeader: id === 7,
  position,
});
const serverOrder = [person(7, 0), person(8, 1), person(9, 2)];
const dragged = [person(7, 0), person(9, 1), person(8, 2)];
const REFUSAL = 'Only the leader can do this';

let socket: FakeSocket;
let queryClient: QueryClient;

function mount() {
  queryClient.setQueryData(rankedKeys.participants(GAME), serverOrder);
  const { result } = renderHook(
    () => {
      // The lobby's list is on screen, so an invalidation refetches it.
      useParticipants(GAME);
      return useParticipantOrder(GAME);
    },
    { wrapper: sessionWrapper(socket, queryClient) },
  );
  return result;
}

const cached = () => queryClient.getQueryData<Participant[]>(rankedKeys.participants(GAME));

beforeEach(() => {
  vi.clearAllMocks();
  socket = new FakeSocket();
  queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(serverOrder), { status: 200 })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useParticipantOrder', () => {
  it('shows the new order at once and sends it over the socket', () => {
    const send = mount();
    act(() => send.current(dragged));
    expect(cached()?.map((p) => p.id)).toEqual([7, 9, 8]);
    expect(socket.sent).toEqual([
      {
        type: 'UPDATE_PARTICIPANT_ORDER',
        gameId: GAME,
        participantOrder: [
          { id: 7, playerName: 'P7', position: 0 },
          { id: 9, playerName: 'P9', position: 1 },
          { id: 8, playerName: 'P8', position: 2 },
        ],
      },
    ]);
  });

  it('puts the server order back and shows the refusal when an ERROR follows', async () => {
    const send = mount();
    act(() => send.current(dragged));
    act(() => socket.emit({ type: 'ERROR', message: REFUSAL }));
    expect(toast.error).toHaveBeenCalledWith(REFUSAL);
    await waitFor(() => expect(cached()?.map((p) => p.id)).toEqual([7, 8, 9]));
    expect(vi.mocked(fetch).mock.calls.map(([path]) => path)).toEqual([
      `/api/games/${GAME}/participants`,
    ]);
    // One refusal per order sent.
    act(() => socket.emit({ type: 'ERROR', message: REFUSAL }));
    expect(toast.error).toHaveBeenCalledTimes(1);
  });

  it('leaves alone an ERROR with no order sent, or long after it', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const send = mount();
    act(() => socket.emit({ type: 'ERROR', message: 'Too many requests' }));
    act(() => send.current(dragged));
    vi.setSystemTime(Date.now() + ORDER_REFUSAL_WINDOW_MS + 1);
    act(() => socket.emit({ type: 'ERROR', message: 'Too many requests' }));
    expect(toast.error).not.toHaveBeenCalled();
    expect(cached()?.map((p) => p.id)).toEqual([7, 9, 8]);
  });
});
