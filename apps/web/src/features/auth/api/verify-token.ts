import type { VerifyTokenReply } from '@beerscale/contract/auth';
import { verifyToken as verifyTokenEndpoint } from '@beerscale/contract/api/auth';
import { ApiError, call } from '../../../lib/api-client';

/**
 * GET /api/verify-token. A definite answer (valid or not) comes back as the reply; null means
 * the server could not be asked, which says nothing about the token.
 */
export async function verifyToken(): Promise<VerifyTokenReply | null> {
  try {
    return await call(verifyTokenEndpoint, { sessionCheck: false });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { valid: false };
    return null;
  }
}
