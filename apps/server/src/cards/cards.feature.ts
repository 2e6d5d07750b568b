import type { FeatureCore } from '../http/feature-core';
import type { EndpointRoutes } from '../http/register-endpoint';
import type { PlayFeature } from '../game/play/play.feature';
import type { WatchFeature } from '../watch/watch.feature';
import { registerCardRoutes } from './card.routes';
import { CARD_LIMITS, CardService } from './card.service';
import type { TableCard } from './table-card';

export interface CardsFeature {
  /** Draws a table card (a group's season, a tournament's standings): kept, queued, limited. */
  drawTable(card: TableCard, address: string): Promise<Buffer>;
  /** The result cards' endpoints (a game's, a watch link's). */
  register(routes: EndpointRoutes): void;
}

/** Result and table cards, drawn in the card worker, limited per address (card.service.ts). */
export function cardsFeature(
  { config }: FeatureCore,
  deps: { play: PlayFeature; watch: WatchFeature },
): CardsFeature {
  const cards = new CardService(
    (gameId, me) => deps.play.service.state(gameId, me),
    (token) => deps.watch.service.state(token),
    undefined,
    {
      rendersPerAddressPerMinute:
        config.cardRendersPerAddressPerMinute ?? CARD_LIMITS.rendersPerAddressPerMinute,
    },
  );
  return {
    drawTable: (card, address) => cards.forTable(card, address),
    register: (routes) => registerCardRoutes(routes, cards),
  };
}
