/**
 * POST /api/logout. Resolves when the session is over on the server: logged out now, or
 * already refused (401: revoked or expired). Rejects when the server could not end it.
 */
export async function logout(): Promise<void> {
  // Loaded when needed, like verify-token's: the entry's schemas and the client stay off the
  // landing page.
  const [{ logout: endpoint }, { ApiError, call }] = await Promise.all([
    import('@beerscale/contract/api/auth'),
    import('../../../lib/api-client'),
  ]);
  try {
    await call(endpoint, { sessionCheck: false });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return;
    throw error;
  }
}
