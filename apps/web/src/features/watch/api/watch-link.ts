import { useMutation } from '@tanstack/react-query';
import { renewWatchLink, watchLink } from '@beerscale/contract/api/watch';
import type { WatchLinkReply } from '@beerscale/contract/watch';
import { call } from '../../../lib/api-client';

/** The leader's link for a game: the same one on every ask, until renewed. */
export function useWatchLink(gameId: number) {
  return useMutation({
    mutationFn: (renew: boolean): Promise<WatchLinkReply> =>
      call(renew ? renewWatchLink : watchLink, { params: { id: gameId }, validate: true }),
  });
}
