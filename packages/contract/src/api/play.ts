import { gameStateReplySchema } from '../game-state';
import { manualMeasurementBodySchema, validateGameReplySchema } from '../play';
import type { Endpoint } from './endpoint';
import { idParams } from './params';

/** Running games of both kinds (SPEC §7, DESIGN §7b). */
export const gameState = {
  method: 'GET',
  path: '/api/games/{id}/state',
  access: 'authenticated',
  summary: "A game's snapshot (the same as the GAME_STATE message)",
  params: idParams,
  replies: { 200: gameStateReplySchema },
  refusals: [404],
} as const satisfies Endpoint;

export const validateGame = {
  method: 'GET',
  path: '/api/games/{id}/validate',
  access: 'authenticated',
  summary: "Whether a saved game id is still one of the caller's open games",
  params: idParams,
  replies: { 200: validateGameReplySchema },
} as const satisfies Endpoint;

export const typedReading = {
  method: 'POST',
  path: '/api/games/{id}/measurements',
  access: 'authenticated',
  summary: "The leader's typed reading in place of the scale's",
  params: idParams,
  body: manualMeasurementBodySchema,
  replies: { 200: gameStateReplySchema },
  refusals: [403, 404, 409],
} as const satisfies Endpoint;

export const finishGame = {
  method: 'POST',
  path: '/api/games/{id}/finish',
  access: 'authenticated',
  summary: 'The leader ends a running game early',
  params: idParams,
  replies: { 200: gameStateReplySchema },
  refusals: [403, 404, 409],
} as const satisfies Endpoint;
