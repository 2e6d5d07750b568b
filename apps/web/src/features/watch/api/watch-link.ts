import { useMutation } from '@tanstack/react-query';
import { watchLinkReplySchema, type WatchLinkReply } from '@beerscale/contract/watch';
import { api } from '../../../lib/api-client';

/** The leader's link for a game: the same one on every ask, until renewed. */
export function useWatchLink(gameId: number) {
  return useMutation({
    mutationFn: (renew: boolean): Promise<WatchLinkReply> =>
      api('POST', `/api/games/${gameId}/watch-link${renew ? '/renew' : ''}`, {
        schema: watchLinkReplySchema,
      }),
  });
}
