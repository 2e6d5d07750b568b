import type { VerifyTokenReply } from '@beerscale/contract/auth';
import type * as ApiClient from '../../../lib/api-client';

/**
 * GET /api/verify-token. A definite answer (valid or not) comes back as the reply; null means
 * the server could not be asked, which says nothing about the token. The table entry and the API
 * client are loaded here, not at start: the entry names zod schemas and the client the
 * contract's texts, which a visitor's landing page does without.
 */
export async function verifyToken(): Promise<VerifyTokenReply | null> {
  let client: typeof ApiClient | undefined;
  try {
    const [{ verifyToken: endpoint }, loaded] = await Promise.all([
      import('@beerscale/contract/api/auth'),
      import('../../../lib/api-client'),
    ]);
    client = loaded;
    return await client.call(endpoint, { sessionCheck: false });
  } catch (error) {
    if (client && error instanceof client.ApiError && error.status === 401) return { valid: false };
    return null;
  }
}
