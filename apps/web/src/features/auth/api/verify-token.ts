import type { VerifyTokenReply } from '@beerscale/contract/auth';
import { ApiError, call } from '../../../lib/api-client';

/**
 * GET /api/verify-token. A definite answer (valid or not) comes back as the reply; null means
 * the server could not be asked, which says nothing about the token. The table entry is loaded
 * here, not at start: it names zod schemas, which a visitor's landing page does without.
 */
export async function verifyToken(): Promise<VerifyTokenReply | null> {
  try {
    const { verifyToken: endpoint } = await import('@beerscale/contract/api/auth');
    return await call(endpoint, { sessionCheck: false });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { valid: false };
    return null;
  }
}
