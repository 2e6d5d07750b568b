/** Whether a URL may hold a credential at all: one scan instead of the two replacements. */
const MAY_HOLD_CREDENTIAL = /token=|key=|password=|\/watch\/|reset\//i;

/**
 * Replaces the value of any token-like query parameter, and the token in the path of a watch
 * link or a password reset link (the page's and the API's), so logs never hold a credential.
 * Runs for every request line, and most URLs hold none: the test first.
 */
export function redactUrl(url: string): string {
  if (!MAY_HOLD_CREDENTIAL.test(url)) return url;
  return url
    .replace(/([?&](?:token|key|password)=)[^&#]*/gi, '$1[REDACTED]')
    .replace(/(\/(?:watch|reset|password-reset)\/)[^/?#]+/g, '$1[REDACTED]');
}
