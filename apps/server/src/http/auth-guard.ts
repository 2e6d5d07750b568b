import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS } from '@beerscale/contract/messages';
import type { AuthContext, AuthService } from '../auth/auth.service';
import { forbidden, unauthorized } from './http-error';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The seat behind `Authorization: Seat <token>` (seats/seat-guard.ts). */
    seat: SeatContext | null;
  }
}

/** A seat on a phone: one player of one game (seats/). */
export interface SeatContext {
  gameId: number;
  playerId: number;
}

export function bearerToken(request: FastifyRequest | IncomingMessage): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** preHandler for every protected route: a live session or 401. */
export function requireAuth(auth: AuthService) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized(ERRORS.unauthorized);
    const context = await auth.authenticate(token);
    if (!context) throw unauthorized(ERRORS.invalidToken);
    request.auth = context;
  };
}

/** requireAuth's caller when it is known from memory (the memory lane), else null. */
export function rememberedCaller(auth: AuthService) {
  return (request: IncomingMessage): AuthContext | null => {
    const token = bearerToken(request);
    return token ? auth.rememberedCaller(token) : null;
  };
}

/** The caller of a route behind requireAuth. */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized(ERRORS.unauthorized);
  return request.auth;
}

export function requireAdmin(request: FastifyRequest): AuthContext {
  const context = caller(request);
  if (!context.user.isAdmin) throw forbidden(ERRORS.forbidden);
  return context;
}
