import type { GameState } from '@beerscale/contract/game-state';
import { watchStateReplySchema } from '@beerscale/contract/watch';
import { api } from '../../../lib/api-client';

/** GET /api/watch/{token}: no account, no session check (a watcher has no session). */
export function fetchWatchState(token: string, signal?: AbortSignal): Promise<GameState> {
  return api('GET', `/api/watch/${encodeURIComponent(token)}`, {
    anonymous: true,
    sessionCheck: false,
    schema: watchStateReplySchema,
    signal,
  }).then((reply) => reply.game);
}
