import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Participant } from '@beerscale/contract/games';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { useParticipantOrder } from './participant-order';
import { participantsQueryOptions, useParticipants } from './queries';

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
/** The answer to PUT /order: null for success, else the refusal's status. */
let refuseWith: number | null;
const calls: { method: string; path: string; body: unknown }[] = [];

function mount() {
  queryClient.setQueryData(participantsQueryOptions(GAME).queryKey, serverOrder);
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

const cachedIds = () =>
  queryClient.getQueryData(participantsQueryOptions(GAME).queryKey)?.map((p) => p.id);

beforeEach(() => {
  vi.clearAllMocks();
  calls.length = 0;
  refuseWith = null;
  socket = new FakeSocket();
  queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const body = init.body === undefined ? undefined : JSON.parse(String(init.body));
      calls.push({ method: init.method ?? 'GET', path, body });
      if (init.method === 'PUT' && refuseWith !== null) {
        return new Response(JSON.stringify({ error: REFUSAL }), { status: refuseWith });
      }
      const reply = init.method === 'PUT' ? { message: 'Order updated' } : serverOrder;
      return new Response(JSON.stringify(reply), { status: 200 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useParticipantOrder', () => {
  it('shows the new order at once and sends it to PUT /api/games/{id}/order', async () => {
    const send = mount();
    act(() => send.current(dragged));
    await waitFor(() => expect(cachedIds()).toEqual([7, 9, 8]));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'PUT',
      path: `/api/games/${GAME}/order`,
      body: {
        participantOrder: [
          { id: 7, playerName: 'P7', position: 0 },
          { id: 9, playerName: 'P9', position: 1 },
          { id: 8, playerName: 'P8', position: 2 },
        ],
      },
    });
    expect(socket.sent).toEqual([]);
  });

  it('puts the server order back and shows the refusal when the call is refused', async () => {
    refuseWith = 403;
    const send = mount();
    act(() => send.current(dragged));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(REFUSAL));
    await waitFor(() => expect(cachedIds()).toEqual([7, 8, 9]));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `PUT /api/games/${GAME}/order`,
      `GET /api/games/${GAME}/participants`,
    ]);
  });

  it('keeps an accepted order when an unrelated socket ERROR arrives right after it', async () => {
    const send = mount();
    act(() => send.current(dragged));
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    act(() => socket.emit({ type: 'ERROR', message: 'Too many requests' }));
    expect(toast.error).not.toHaveBeenCalled();
    expect(cachedIds()).toEqual([7, 9, 8]);
  });
});
