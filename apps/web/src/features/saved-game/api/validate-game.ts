import { api } from '../../../lib/api-client';

/** GET /api/games/{id}/validate: whether a saved game id still names a game worth returning to. */
export function validateGame(gameId: string) {
  return api<{ exists: boolean; isActive: boolean }>(
    'GET',
    `/api/games/${encodeURIComponent(gameId)}/validate`,
  );
}
