import { validateGame } from '@beerscale/contract/api/play';
import { call } from '../../../lib/api-client';

/** Whether a saved game id still names a game worth returning to. */
export function validateSavedGame(gameId: string) {
  return call(validateGame, { params: { id: gameId } });
}
