import {
  ServerResponse,
  validateHeaderName,
  validateHeaderValue,
  type IncomingMessage,
  type OutgoingHttpHeaders,
} from 'node:http';

/** What node's ServerResponse.writeHead hands its (undocumented, long-stable) _storeHeader. */
type StoredHeaders = OutgoingHttpHeaders | Record<string, [string, unknown]> | unknown[] | null;

interface StoresHeader {
  _storeHeader(firstLine: string, headers: StoredHeaders): void;
}

/**
 * A ServerResponse that writes the security headers (helmet's, security-headers.ts) into every
 * head it sends, as one block checked once at start. Setting them per reply, eleven
 * `reply.header()` calls in an onRequest hook with node checking each name and value again,
 * cost about an eighth of a small reply's instructions (callgrind, docs/PERFORMANCE.md); this
 * costs a string concatenation. A reply that sets one of them itself keeps its own value.
 *
 * Node passes it to every request of the server (`ServerResponse` of http.createServer), so
 * every reply of its port carries them, whatever route, hook or plugin sends it. An upgrade is
 * answered by ws (101) or through a plain ServerResponse that @fastify/websocket makes itself;
 * of those only Fastify's refusals before routing (framework-errors.ts) are HTTP replies, and
 * they set the headers themselves.
 */
export function securedResponse(headers: Record<string, string>): typeof ServerResponse {
  const entries = Object.entries(headers).map(([name, value]) => {
    validateHeaderName(name);
    validateHeaderValue(name, value);
    return [name.toLowerCase(), `${name}: ${value}\r\n`] as const;
  });
  const block = entries.map(([, line]) => line).join('');
  const ownNames = (own: StoredHeaders): Set<string> | null => {
    if (!own) return null;
    if (Array.isArray(own)) {
      const flat = (own.length > 0 && Array.isArray(own[0]) ? own.flat() : own) as unknown[];
      return new Set(flat.filter((_, i) => i % 2 === 0).map((name) => String(name).toLowerCase()));
    }
    // Fastify's reply headers and node's own store (setHeader) are keyed by the lower-case name.
    for (const [name] of entries) if (name in own) return new Set(Object.keys(own));
    return null;
  };

  class SecuredResponse<Request extends IncomingMessage = IncomingMessage>
    extends ServerResponse<Request>
    implements StoresHeader
  {
    _storeHeader(firstLine: string, own: StoredHeaders): void {
      const set = ownNames(own);
      const extra = set
        ? entries
            .filter(([name]) => !set.has(name))
            .map(([, line]) => line)
            .join('')
        : block;
      (ServerResponse.prototype as unknown as StoresHeader)._storeHeader.call(
        this,
        firstLine + extra,
        own,
      );
    }
  }
  return SecuredResponse as typeof ServerResponse;
}
