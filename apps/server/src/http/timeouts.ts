import type { Config } from '../config';

/** Defaults against slow clients: a request is read whole within 30 s, its headers within 10 s. */
const REQUEST_TIMEOUT_MS = 30_000;
const HEADERS_TIMEOUT_MS = 10_000;
/**
 * An idle keep-alive connection is closed after this long: above the 60 s idle timeout of
 * common load balancers (Fastify's own default), so a balancer never reuses a connection the
 * app is closing.
 */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;
/** Node checks the request and header deadlines only this often (its default is 30 s). */
const CHECK_INTERVAL_MAX_MS = 1_000;

/**
 * Fastify's timeout options, so a slow client cannot hold a connection for minutes: a body or
 * headers trickled byte by byte are cut with 408. Upgraded sockets are not affected (ws turns
 * the socket's timeout off and Node stops tracking the request once it is upgraded).
 */
export function httpServerOptions(config: Pick<Config, 'requestTimeoutMs' | 'headersTimeoutMs'>) {
  const requestTimeout = config.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  // Node refuses a header deadline later than the request's.
  const headersTimeout = Math.min(config.headersTimeoutMs ?? HEADERS_TIMEOUT_MS, requestTimeout);
  return {
    requestTimeout,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    // A socket with no traffic at all, in whatever state: longer than the keep-alive wait.
    connectionTimeout: KEEP_ALIVE_TIMEOUT_MS + requestTimeout,
    http: {
      requestTimeout,
      headersTimeout,
      connectionsCheckingInterval: Math.min(CHECK_INTERVAL_MAX_MS, headersTimeout / 2),
    },
  };
}
