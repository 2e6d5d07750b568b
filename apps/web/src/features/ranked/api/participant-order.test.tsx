import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { participants, reorderParticipants } from '@beerscale/contract/api/games';
import type { Participant } from '@beerscale/contract/games';
import { callsTo, entriesCalled, refusal, serve } from '../../../testing/contract-server';
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
/** The answer to the new order: null for success, else the refusal's status. */
let refuseWith: number | null;

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
  refuseWith = null;
  socket = new FakeSocket();
  queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  serve(reorderParticipants, () =>
    refuseWith === null
      ? { message: 'Order updated' }
      : refusal(reorderParticipants, refuseWith, { error: REFUSAL }),
  );
  serve(participants, () => serverOrder);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useParticipantOrder', () => {
  it('shows the new order at once and sends it to the order entry', async () => {
    const send = mount();
    act(() => send.current(dragged));
    await waitFor(() => expect(cachedIds()).toEqual([7, 9, 8]));
    await waitFor(() => expect(entriesCalled()).toHaveLength(1));
    expect(callsTo(reorderParticipants).map((c) => [c.params, c.body])).toEqual([
      [
        { id: GAME },
        {
          participantOrder: [
            { id: 7, playerName: 'P7', position: 0 },
            { id: 9, playerName: 'P9', position: 1 },
            { id: 8, playerName: 'P8', position: 2 },
          ],
        },
      ],
    ]);
    expect(socket.sent).toEqual([]);
  });

  it('puts the server order back and shows the refusal when the call is refused', async () => {
    refuseWith = 403;
    const send = mount();
    act(() => send.current(dragged));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(REFUSAL));
    await waitFor(() => expect(cachedIds()).toEqual([7, 8, 9]));
    expect(entriesCalled()).toEqual([reorderParticipants, participants]);
    expect(callsTo(participants).map((c) => c.params)).toEqual([{ id: GAME }]);
  });

  it('keeps an accepted order when an unrelated socket ERROR arrives right after it', async () => {
    const send = mount();
    act(() => send.current(dragged));
    await waitFor(() => expect(entriesCalled()).toHaveLength(1));
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    act(() => socket.emit({ type: 'ERROR', message: 'Too many requests' }));
    expect(toast.error).not.toHaveBeenCalled();
    expect(cachedIds()).toEqual([7, 9, 8]);
  });
});
