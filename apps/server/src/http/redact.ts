/**
 * Replaces the value of any token-like query parameter, and the token in the path of a watch
 * link or a password reset link (the page's and the API's), so logs never hold a credential.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|key|password)=)[^&#]*/gi, '$1[REDACTED]')
    .replace(/(\/(?:watch|reset|password-reset)\/)[^/?#]+/g, '$1[REDACTED]');
}
