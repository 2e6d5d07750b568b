import { gzipSync, brotliCompressSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BROTLI_PARAMS } from './compression';

/** Under this a reply is sent as it is (the compression plugin's threshold too). */
const COMPRESS_FROM_BYTES = 1024;

const encodings = new Negotiator({ supportedValues: ['br', 'gzip'] });

/**
 * A JSON reply serialised once and sent many times: its compressed forms are made the first time
 * a client asks for them, so a cached page costs no serialising and no compressing per request.
 */
export class JsonBytes {
  private brotli: Buffer | null = null;
  private gzip: Buffer | null = null;
  readonly plain: Buffer;

  constructor(value: unknown) {
    this.plain = Buffer.from(JSON.stringify(value));
  }

  /** Sends the bytes, compressed when the client accepts it and it is worth it. */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.type('application/json; charset=utf-8');
    if (this.plain.length < COMPRESS_FROM_BYTES) return reply.send(this.plain);
    reply.header('vary', 'accept-encoding');
    const accepted = request.headers['accept-encoding'];
    const encoding = accepted ? encodings.negotiate(accepted) : null;
    if (encoding === 'br') {
      this.brotli ??= brotliCompressSync(this.plain, { params: BROTLI_PARAMS });
      return reply.header('content-encoding', 'br').send(this.brotli);
    }
    if (encoding === 'gzip') {
      this.gzip ??= gzipSync(this.plain);
      return reply.header('content-encoding', 'gzip').send(this.gzip);
    }
    return reply.send(this.plain);
  }
}
