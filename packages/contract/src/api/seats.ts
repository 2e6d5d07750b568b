import { messageReplySchema } from '../replies';
import {
  gameSeatsReplySchema,
  joinCodeParams,
  joinInfoReplySchema,
  mySeatReplySchema,
  seatActionBodySchema,
  seatActionReplySchema,
  takeSeatBodySchema,
  takeSeatReplySchema,
} from '../seats';
import type { Endpoint } from './endpoint';
import { gamePlayerParams, idParams } from './params';

/** Seats on phones: the join code's page, the leader's view of the seats, a seat's own calls. */
export const joinInfo = {
  method: 'GET',
  path: '/api/join/{code}',
  access: 'public',
  summary: 'The open game behind a join code and its seats (no account needed)',
  params: joinCodeParams,
  replies: { 200: joinInfoReplySchema },
  refusals: [404, 429],
} as const satisfies Endpoint;

export const takeSeat = {
  method: 'POST',
  path: '/api/join/{code}',
  access: 'public',
  summary: "Take a free seat of the code's game: the reply's token is this phone's seat",
  params: joinCodeParams,
  body: takeSeatBodySchema,
  replies: { 201: takeSeatReplySchema },
  refusals: [404, 409, 429],
} as const satisfies Endpoint;

export const gameSeats = {
  method: 'GET',
  path: '/api/games/{id}/seats',
  access: 'authenticated',
  summary: "An open game's join code and who sits where (its players)",
  params: idParams,
  replies: { 200: gameSeatsReplySchema },
  refusals: [404],
} as const satisfies Endpoint;

export const releaseSeat = {
  method: 'POST',
  path: '/api/games/{id}/seats/{playerId}/release',
  access: 'authenticated',
  summary: "The leader frees a player's seat (a lost or dead phone)",
  params: gamePlayerParams,
  replies: { 200: messageReplySchema },
  refusals: [403, 404],
} as const satisfies Endpoint;

export const mySeat = {
  method: 'GET',
  path: '/api/seat',
  access: 'seat',
  summary: "The calling phone's seat and its game as it is now",
  replies: { 200: mySeatReplySchema },
} as const satisfies Endpoint;

export const seatAction = {
  method: 'POST',
  path: '/api/seat/actions',
  access: 'seat',
  summary:
    "The seat's own call, give or estimate; an action id already applied is not applied again",
  body: seatActionBodySchema,
  replies: { 200: seatActionReplySchema },
  refusals: [403, 409],
} as const satisfies Endpoint;

export const leaveSeat = {
  method: 'POST',
  path: '/api/seat/leave',
  access: 'seat',
  summary: 'The phone gives its seat up (the seat is free again)',
  replies: { 200: messageReplySchema },
} as const satisfies Endpoint;
