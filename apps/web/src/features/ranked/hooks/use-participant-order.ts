import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { toast } from 'react-toastify';
import type { Participant } from '@beerscale/contract/games';
import { useSession } from '../../../lib/session-context';
import { useSocketEvent } from '../../../lib/use-socket-event';
import { rankedKeys } from '../api/keys';

/**
 * An ERROR carries nothing that ties it to the message it refuses, so one arriving this soon
 * after an order was sent is taken as that order's refusal (the server answers in milliseconds).
 */
export const ORDER_REFUSAL_WINDOW_MS = 5_000;

/**
 * The leader's new turn order (SPEC §4 step 3): shown at once, pushed over the socket. A refusal
 * (ERROR) puts the server's order back and says why.
 */
export function useParticipantOrder(gameId: number): (next: Participant[]) => void {
  const { socket } = useSession();
  const queryClient = useQueryClient();
  const sentAt = useRef<number | null>(null);

  useSocketEvent('ERROR', (message) => {
    if (sentAt.current === null || Date.now() - sentAt.current > ORDER_REFUSAL_WINDOW_MS) return;
    sentAt.current = null;
    void queryClient.invalidateQueries({ queryKey: rankedKeys.participants(gameId) });
    toast.error(message.message);
  });

  return (next) => {
    queryClient.setQueryData(rankedKeys.participants(gameId), next);
    sentAt.current = Date.now();
    socket.send({
      type: 'UPDATE_PARTICIPANT_ORDER',
      gameId,
      participantOrder: next.map((p) => ({
        id: p.id,
        playerName: p.playerName,
        position: p.position,
      })),
    });
  };
}
