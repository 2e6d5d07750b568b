import { ApiError, call } from '../../../lib/api-client';

/**
 * POST /api/logout. Resolves when the session is over on the server: logged out now, or
 * already refused (401: revoked or expired). Rejects when the server could not end it.
 */
export async function logout(): Promise<void> {
  try {
    // Loaded when needed, like verify-token's: the entry's schemas stay off the landing page.
    const { logout: endpoint } = await import('@beerscale/contract/api/auth');
    await call(endpoint, { sessionCheck: false });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return;
    throw error;
  }
}
