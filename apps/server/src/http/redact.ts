/** Replaces the value of any token-like query parameter, so logs never hold a credential. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|key|password)=)[^&#]*/gi, '$1[REDACTED]');
}
