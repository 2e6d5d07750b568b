import { gameCard, watchCard } from '@beerscale/contract/api/cards';
import type { EndpointRoutes } from '../http/register-endpoint';
import type { Card, CardService } from './card.service';

/** A finished game's card for a day (its link's life after the end); a live one not at all. */
const cacheControl = (card: Card, scope: 'private' | 'public') =>
  card.final ? `${scope}, max-age=86400` : 'no-store';

export function registerCardRoutes(routes: EndpointRoutes, cards: CardService): void {
  routes.add(gameCard, async ({ params, query, me, request, reply }) => {
    const card = await cards.forGame(params.id, me, query.lang ?? 'en', request.ip);
    return reply
      .type('image/png')
      .header('cache-control', cacheControl(card, 'private'))
      .send(card.png);
  });
  routes.add(watchCard, async ({ params, query, request, reply }) => {
    const card = await cards.forWatcher(params.token, query.lang ?? 'en', request.ip);
    return reply
      .type('image/png')
      .header('cache-control', cacheControl(card, 'public'))
      .send(card.png);
  });
}
