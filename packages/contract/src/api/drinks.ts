import { gameDrinkBodySchema, gameDrinkReplySchema } from '../drinks';
import type { Endpoint } from './endpoint';
import { idParams } from './params';

/** Responsible play (docs/RULES.md, "Drinks and responsible play"). */
export const setGameDrink = {
  method: 'PUT',
  path: '/api/games/{id}/drink',
  access: 'authenticated',
  summary: "A ranked player changes their own drink in the game's lobby, before it starts",
  params: idParams,
  body: gameDrinkBodySchema,
  replies: { 200: gameDrinkReplySchema },
  refusals: [403, 404, 409],
} as const satisfies Endpoint;
