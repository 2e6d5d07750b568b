import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import type { Participant, ParticipantOrderBody } from '@beerscale/contract/games';
import { reorderParticipants } from '@beerscale/contract/api/games';
import { call, errorMessage } from '../../../lib/api-client';
import { t } from '../../../i18n/use-t';
import { participantsQueryOptions } from './queries';

/**
 * The leader's new turn order (set before the game is set up) through PUT /api/games/{id}/order:
 * shown at once, and a refusal puts the server's order back and says why. The REST twin answers
 * this one call, where a socket ERROR could not be told apart from any other.
 */
export function useParticipantOrder(gameId: number): (next: Participant[]) => void {
  const queryClient = useQueryClient();
  const { queryKey } = participantsQueryOptions(gameId);
  const { mutate } = useMutation({
    mutationFn: (next: Participant[]) => {
      const body: ParticipantOrderBody = {
        participantOrder: next.map((p) => ({
          id: p.id,
          playerName: p.playerName,
          position: p.position,
        })),
      };
      return call(reorderParticipants, { params: { id: gameId }, body });
    },
    onMutate: async (next) => {
      // A refetch still on its way would put the old order back over the new one.
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, next);
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey });
      toast.error(errorMessage(error, t('error.UPDATE_ORDER')));
    },
  });
  return mutate;
}
