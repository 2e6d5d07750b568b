import { cardQuerySchema, pngReplySchema } from '../cards';
import type { Endpoint } from './endpoint';
import { idParams, watchTokenParams } from './params';

/**
 * The result card of a game, for those who may read its snapshot (a live card while it runs).
 * 429 with Retry-After: the address had its cards drawn a minute (apps/server cards/card.service.ts);
 * 503 with Retry-After: too many cards wait to be drawn.
 */
export const gameCard = {
  method: 'GET',
  path: '/api/games/{id}/card.png',
  access: 'authenticated',
  summary: "A game's result card: 1200 x 630 PNG with name, podium, scores and awards",
  params: idParams,
  query: cardQuerySchema,
  produces: 'image/png',
  replies: { 200: pngReplySchema },
  refusals: [404, 429],
} as const satisfies Endpoint;

/** Public like the watch link's snapshot: chat apps fetch it for the link's preview. */
export const watchCard = {
  method: 'GET',
  path: '/api/watch/{token}/card.png',
  access: 'public',
  summary: "The watched game's result card (a live card while it runs)",
  params: watchTokenParams,
  query: cardQuerySchema,
  produces: 'image/png',
  replies: { 200: pngReplySchema },
  refusals: [404, 429],
} as const satisfies Endpoint;
