import { queryOptions, useQuery } from '@tanstack/react-query';
import { gameCard } from '@beerscale/contract/api/cards';
import { gameState } from '@beerscale/contract/api/play';
import type { Language } from '../../../i18n/i18n';
import { call } from '../../../lib/api-client';

/**
 * A game as its page shows it: the same snapshot as the live screen (GET /api/games/{id}/state),
 * read once. A finished game no longer changes, so it is not refetched on focus.
 */
export const gamePageQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['game-page', id],
    queryFn: () => call(gameState, { params: { id } }).then((r) => r.game),
    staleTime: Infinity,
  });

export function useGamePage(id: number) {
  return useQuery(gamePageQueryOptions(id));
}

/** The result card (GET /api/games/{id}/card.png) in the reader's language, as a picture. */
export const gameCardQueryOptions = (id: number, language: Language) =>
  queryOptions({
    queryKey: ['game-page', id, 'card', language],
    queryFn: () =>
      call(gameCard, { params: { id }, query: { lang: language } }).then(
        (png) => new File([png as BlobPart], `beerscale-${id}.png`, { type: 'image/png' }),
      ),
    staleTime: Infinity,
  });

export function useGameCard(id: number, language: Language, enabled: boolean) {
  return useQuery({ ...gameCardQueryOptions(id, language), enabled });
}
