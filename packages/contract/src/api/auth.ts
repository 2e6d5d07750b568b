import {
  loginBodySchema,
  loginReplySchema,
  logoutReplySchema,
  registerBodySchema,
  registerReplySchema,
  verifyTokenReplySchema,
} from '../auth';
import type { Endpoint } from './endpoint';

export const register = {
  method: 'POST',
  path: '/api/register',
  access: 'public',
  summary: 'Create an account',
  body: registerBodySchema,
  replies: { 201: registerReplySchema },
  refusals: [409, 429],
} as const satisfies Endpoint;

export const login = {
  method: 'POST',
  path: '/api/login',
  access: 'public',
  summary: 'Sign in: a session token and the user',
  body: loginBodySchema,
  replies: { 200: loginReplySchema },
  refusals: [401, 403, 429],
} as const satisfies Endpoint;

/** Reads the bearer token itself: a missing or dead one is 401 `{ valid: false, error }`. */
export const verifyToken = {
  method: 'GET',
  path: '/api/verify-token',
  access: 'public',
  summary: 'Whether the bearer token is a live session, and whose',
  replies: { 200: verifyTokenReplySchema, 401: verifyTokenReplySchema },
} as const satisfies Endpoint;

export const logout = {
  method: 'POST',
  path: '/api/logout',
  access: 'authenticated',
  summary: 'End the session of the bearer token',
  replies: { 200: logoutReplySchema },
} as const satisfies Endpoint;
