/**
 * The client checks a token's structure and expiry before trusting it; the server has
 * the final word through verify-token.
 */
export function isTokenUsable(token: string | null, nowMs = Date.now()): boolean {
  if (!token) return false;
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => part.length === 0)) return false;
  try {
    const payload = JSON.parse(base64UrlDecode(parts[1]!)) as { exp?: unknown };
    return typeof payload.exp === 'number' && payload.exp * 1000 > nowMs;
  } catch {
    return false;
  }
}

function base64UrlDecode(text: string): string {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  return atob(padded);
}
