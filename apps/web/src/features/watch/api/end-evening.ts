import { useMutation } from '@tanstack/react-query';
import { endWatchEvening } from '@beerscale/contract/api/watch';
import { call } from '../../../lib/api-client';

/**
 * The leader ends the evening (POST /api/games/{id}/watch-link/end): the watch link stops
 * following them to their next game and stays on this one.
 */
export function useEndEvening(gameId: number) {
  return useMutation({
    mutationFn: () => call(endWatchEvening, { params: { id: gameId } }),
  });
}
