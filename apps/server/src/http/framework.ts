import Fastify, { type FastifyInstance, type FastifyServerFactory } from 'fastify';
import { SOCKET_MAX_MESSAGE_BYTES } from '@beerscale/contract/limits';
import type { Config } from '../config';
import { frameworkErrors } from './framework-errors';
import { redactUrl } from './redact';
import { MemoryLane } from './memory-lane';
import { laneLog, RequestLog, requestIds } from './request-log';
import { securedResponse } from './secured-response';
import { helmetHeaders } from './security-headers';
import { httpServerOptions } from './timeouts';
import { httpsWithPlainFallback } from './tls-server';

/** Helmet's options: the headers every reply carries (computed once, at start). */
const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      connectSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  // Without TLS phones on the LAN reach the app over plain http; HSTS would lock them out.
  strictTransportSecurity: false as false | { maxAge: number },
};

/** A year: how long a browser keeps to HTTPS once it saw the TLS port's HSTS header. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 3600;

/**
 * The Fastify instance of the port, before any feature: limits and timeouts, the reply class
 * that writes the security headers, HTTPS with plain HTTP beside it when TLS is configured,
 * the one-line request log and the redacting logger; and the memory lane before it, which
 * answers the hot reads from memory with the same request ids and log lines (memory-lane.ts).
 */
export function openFramework(config: Config): { app: FastifyInstance; lane: MemoryLane } {
  // With TLS the port redirects plain HTTP (but scales' ws://) to HTTPS: browsers may be told to
  // come back over HTTPS only. Without TLS phones on the LAN use plain http: no HSTS then.
  const securityHeaders = helmetHeaders(
    config.tls
      ? { ...HELMET_OPTIONS, strictTransportSecurity: { maxAge: HSTS_MAX_AGE_SECONDS } }
      : HELMET_OPTIONS,
  );
  const limits = httpServerOptions(config);
  // Every reply of the port is written by this class, which adds the security headers.
  const serverOptions = {
    ...limits,
    http: { ...limits.http, ServerResponse: securedResponse(securityHeaders) },
  };
  const tls = config.tls;
  const serverFactory: FastifyServerFactory | undefined = tls
    ? (handler) =>
        httpsWithPlainFallback(tls, handler, {
          ...serverOptions.http,
          keepAliveTimeout: serverOptions.keepAliveTimeout,
          publicUrl: config.publicUrl,
        })
    : undefined;
  const nextRequestId = requestIds();
  const app = Fastify({
    serverFactory,
    genReqId: nextRequestId,
    bodyLimit: SOCKET_MAX_MESSAGE_BYTES,
    trustProxy: config.trustProxy,
    ...serverOptions,
    // Refusals Fastify makes before any hook runs carry the same headers as every reply.
    frameworkErrors: frameworkErrors(securityHeaders),
    logController: new RequestLog(),
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(config.logStream ? { stream: config.logStream } : {}),
            // Socket tokens travel in the query string: never let one reach a log line. The
            // request's id is on every line already (reqId): not a second time in `req`.
            serializers: {
              req: (req) => ({
                method: req.method,
                url: redactUrl(req.url),
                // The client's address as the app sees it: through trusted proxies only.
                remoteAddress: req.ip,
              }),
            },
          },
  });
  const log =
    config.logLevel === 'silent' ? null : laneLog(app.log, nextRequestId, config.trustProxy);
  return { app, lane: new MemoryLane(log) };
}
