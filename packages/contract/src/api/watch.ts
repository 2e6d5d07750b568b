import { watchLinkReplySchema, watchStateReplySchema } from '../watch';
import { messageReplySchema } from '../replies';
import type { Endpoint } from './endpoint';
import { idParams, watchTokenParams } from './params';

export const watchLink = {
  method: 'POST',
  path: '/api/games/{id}/watch-link',
  access: 'authenticated',
  summary: "The leader's watch link of a game (made on first use)",
  params: idParams,
  replies: { 200: watchLinkReplySchema },
  refusals: [403, 404, 409],
} as const satisfies Endpoint;

export const renewWatchLink = {
  method: 'POST',
  path: '/api/games/{id}/watch-link/renew',
  access: 'authenticated',
  summary: 'A new watch link; the old one stops working',
  params: idParams,
  replies: { 200: watchLinkReplySchema },
  refusals: [403, 404, 409, 429],
} as const satisfies Endpoint;

/**
 * The leader ends the evening: the game's watch link no longer follows them to their next game
 * (Play again, a rematch) and stays on this one.
 */
export const endWatchEvening = {
  method: 'POST',
  path: '/api/games/{id}/watch-link/end',
  access: 'authenticated',
  summary: "End the evening: the game's watch link stops following the leader's next game",
  params: idParams,
  replies: { 200: messageReplySchema },
  refusals: [403, 404],
} as const satisfies Endpoint;

/** Public: the token is the only credential, and it opens this one reply. */
export const watchState = {
  method: 'GET',
  path: '/api/watch/{token}',
  access: 'public',
  summary: "The watched game's snapshot",
  params: watchTokenParams,
  replies: { 200: watchStateReplySchema },
  refusals: [404],
} as const satisfies Endpoint;
