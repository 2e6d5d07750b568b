import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { errorStatuses, successStatus, type Endpoint } from '@beerscale/contract/api/endpoint';
import { errorReplySchema } from '@beerscale/contract/errors';

/** Replies already checked before serialisation, so onSend does not parse them again. */
const checked = new WeakSet<FastifyReply>();

/**
 * Route hooks for tests only: every reply must be one the contract declares for its status
 * (its own schema, or the refusal for an error status), else the request fails with 500 and
 * the mismatch is logged, so a test that calls the route fails. Objects are checked before
 * serialisation (fast-json-stringify would silently drop or coerce what does not fit); bytes a
 * handler prepared itself (json-bytes.ts) are checked as sent, decompressed if need be.
 */
export function checkReplies(endpoint: Endpoint): RouteShorthandOptions {
  const refusals = new Set<number>(errorStatuses(endpoint));
  const schemaFor = (status: number): z.ZodType | undefined =>
    endpoint.replies[status] ?? (refusals.has(status) ? errorReplySchema : undefined);

  const check = (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    checked.add(reply);
    const schema = schemaFor(reply.statusCode);
    const route = `${endpoint.method} ${endpoint.path}`;
    if (!schema) {
      throw new ReplyMismatch(`${route} answered ${reply.statusCode}, which it does not declare`);
    }
    const result = schema.safeParse(payload);
    if (!result.success) {
      request.log.error({ issues: result.error.issues, payload }, 'reply does not match');
      throw new ReplyMismatch(
        `${route} answered ${reply.statusCode} with a body its schema refuses: ${result.error.message}`,
      );
    }
  };

  return {
    preSerialization: async (request, reply, payload: unknown) => {
      check(request, reply, payload);
      return payload;
    },
    onSend: async (request, reply, payload: unknown) => {
      if (checked.has(reply) || !Buffer.isBuffer(payload)) return payload;
      if (endpoint.produces && reply.statusCode === successStatus(endpoint)) {
        checkBytes(endpoint, reply, payload);
        return payload;
      }
      check(request, reply, JSON.parse(decoded(payload, reply).toString('utf8')));
      return payload;
    },
  };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A reply of bytes must be of the declared media type and look like it. */
function checkBytes(endpoint: Endpoint, reply: FastifyReply, payload: Buffer): void {
  const route = `${endpoint.method} ${endpoint.path}`;
  const type = String(reply.getHeader('content-type') ?? '');
  if (!type.startsWith(endpoint.produces ?? '')) {
    throw new ReplyMismatch(`${route} answered with ${type}, not ${endpoint.produces}`);
  }
  if (endpoint.produces === 'image/png' && !payload.subarray(0, 8).equals(PNG_SIGNATURE)) {
    throw new ReplyMismatch(`${route} answered bytes that are not a PNG`);
  }
}

function decoded(payload: Buffer, reply: FastifyReply): Buffer {
  const encoding = reply.getHeader('content-encoding');
  if (encoding === 'br') return brotliDecompressSync(payload);
  if (encoding === 'gzip') return gunzipSync(payload);
  return payload;
}

export class ReplyMismatch extends Error {
  override name = 'ReplyMismatch';
}
