import { tournamentCard } from '@beerscale/contract/api/tournaments';
import type { Language } from '@beerscale/contract/profile';
import { call } from '../../../lib/api-client';
import { useSharePicture } from '../../../lib/use-share-picture';

/** The standings as a picture (GET /api/tournaments/{id}/card.png), shared or saved. */
export function useShareTournamentCard(id: number, language: Language) {
  return useSharePicture(
    () => call(tournamentCard, { params: { id }, query: { lang: language } }),
    `beerscale-tournament-${id}.png`,
  );
}
