import type { GameState } from '@beerscale/contract/game-state';
import { watchState } from '@beerscale/contract/api/watch';
import { call } from '../../../lib/api-client';

/** GET /api/watch/{token}: no account, no session check (a watcher has no session). */
export function fetchWatchState(token: string, signal?: AbortSignal): Promise<GameState> {
  return call(watchState, {
    params: { token },
    anonymous: true,
    sessionCheck: false,
    validate: true,
    signal,
  }).then((reply) => reply.game);
}
