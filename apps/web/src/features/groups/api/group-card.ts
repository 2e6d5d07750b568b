import { groupCard } from '@beerscale/contract/api/groups';
import type { Language } from '@beerscale/contract/profile';
import { call } from '../../../lib/api-client';
import { useSharePicture } from '../../../lib/use-share-picture';

/** The season's table as a picture (GET /api/groups/{id}/card.png), shared or saved. */
export function useShareGroupCard(id: number, season: number | 'all', language: Language) {
  return useSharePicture(
    () => call(groupCard, { params: { id }, query: { season, lang: language } }),
    `beerscale-group-${id}.png`,
  );
}
