import {
  activeFastGameReplySchema,
  createFastGameBodySchema,
  createFastGameReplySchema,
  startFastGameReplySchema,
} from '../fast-games';
import type { Endpoint } from './endpoint';
import { idParams } from './params';

export const createFastGame = {
  method: 'POST',
  path: '/api/fast-game',
  access: 'authenticated',
  summary: "Set up a fast game on one of the caller's scales",
  body: createFastGameBodySchema,
  replies: { 201: createFastGameReplySchema },
  refusals: [403, 404, 409],
} as const satisfies Endpoint;

export const startFastGame = {
  method: 'POST',
  path: '/api/fast-game/{id}/start',
  access: 'authenticated',
  summary: 'Start a fast game that was set up',
  params: idParams,
  replies: { 200: startFastGameReplySchema },
  refusals: [403, 404, 409],
} as const satisfies Endpoint;

export const activeFastGame = {
  method: 'GET',
  path: '/api/fast-game/active',
  access: 'authenticated',
  summary: "The caller's open fast game, if any",
  replies: { 200: activeFastGameReplySchema },
} as const satisfies Endpoint;
