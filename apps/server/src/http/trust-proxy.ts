import { isIP } from 'node:net';

/** proxy-addr's names for address ranges (Fastify passes the list to it). */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * `TRUST_PROXY` -> Fastify's trustProxy. Only the proxy is trusted, never every hop: a client
 * that reaches the app directly could otherwise pick its own address with X-Forwarded-For
 * (rotating it past the per-address limits, or posing as a victim to lock them out).
 * - `false` or empty: X-Forwarded-For is ignored.
 * - `true`: the proxy runs on this machine (`loopback`), not "trust everything".
 * - a comma-separated list of proxy addresses and CIDRs (or loopback, linklocal, uniquelocal).
 * A hop count is refused: it cannot tell the proxy from a client that connects directly and
 * sends as many hops as it likes (Fastify 5 itself ignores X-Forwarded-For given one).
 * Returns an error message for anything else.
 */
export function parseTrustProxy(value: string): false | string | { error: string } {
  const text = value.trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return 'loopback';
  if (/^\d+$/.test(text)) {
    return {
      error:
        'TRUST_PROXY: a hop count cannot tell the proxy from a client; list the proxy addresses (or true for a proxy on this machine)',
    };
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isProxyEntry(entry));
  if (bad !== undefined) {
    return {
      error: `TRUST_PROXY: "${bad}" is not an address, a CIDR, loopback, linklocal or uniquelocal (or use true or false)`,
    };
  }
  return entries.join(',');
}

function isProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}
