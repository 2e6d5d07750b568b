import type { VerifyTokenReply } from '@beerscale/contract/auth';
import { ApiError, api } from '../../../lib/api-client';

/** true/false for a definite answer; a network failure is not a verdict on the token. */
export async function verifyToken(): Promise<VerifyTokenReply | null> {
  try {
    return await api<VerifyTokenReply>('GET', '/api/verify-token');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { valid: false };
    return null;
  }
}
