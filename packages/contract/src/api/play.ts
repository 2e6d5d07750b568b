import { gameStateReplySchema } from '../game-state';
import {
  callTargetBodySchema,
  estimateBodySchema,
  givePenaltyBodySchema,
  manualMeasurementBodySchema,
  validateGameReplySchema,
} from '../play';
import type { Endpoint } from './endpoint';
import { idParams } from './params';

/** Running games of both kinds. */
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

/** House rules' actions: each answers the new snapshot; 409 when the game waits for something else. */
export const callTarget = {
  method: 'POST',
  path: '/api/games/{id}/target',
  access: 'authenticated',
  summary: "The round's caller (or the leader) names the amount to drink",
  params: idParams,
  body: callTargetBodySchema,
  replies: { 200: gameStateReplySchema },
  refusals: [403, 404, 409],
} as const satisfies Endpoint;

export const givePenalty = {
  method: 'POST',
  path: '/api/games/{id}/give',
  access: 'authenticated',
  summary: 'An exact hitter (or the leader) gives one penalty to another player',
  params: idParams,
  body: givePenaltyBodySchema,
  replies: { 200: gameStateReplySchema },
  refusals: [403, 404, 409],
} as const satisfies Endpoint;

export const estimateEmpty = {
  method: 'POST',
  path: '/api/games/{id}/estimate',
  access: 'authenticated',
  summary: "A player's (or the leader's) estimate of the player's empty container for the finale",
  params: idParams,
  body: estimateBodySchema,
  replies: { 200: gameStateReplySchema },
  refusals: [403, 404, 409],
} as const satisfies Endpoint;
