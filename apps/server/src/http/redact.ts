/**
 * Replaces the value of any token-like query parameter, and the token of a watch link's path,
 * so logs never hold a credential.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|key|password)=)[^&#]*/gi, '$1[REDACTED]')
    .replace(/(\/watch\/)[^/?#]+/g, '$1[REDACTED]');
}
