import { logout as logoutEndpoint } from '@beerscale/contract/api/auth';
import { ApiError, call } from '../../../lib/api-client';

/**
 * POST /api/logout. Resolves when the session is over on the server: logged out now, or
 * already refused (401: revoked or expired). Rejects when the server could not end it.
 */
export async function logout(): Promise<void> {
  try {
    await call(logoutEndpoint, { sessionCheck: false });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return;
    throw error;
  }
}
