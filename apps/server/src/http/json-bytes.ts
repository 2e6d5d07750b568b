import { gzipSync, brotliCompressSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
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
    reply.type(JSON_TYPE);
    if (this.plain.length < COMPRESS_FROM_BYTES) return reply.send(this.plain);
    reply.header('vary', 'accept-encoding');
    const encoding = this.encoding(request.headers['accept-encoding']);
    if (encoding === 'br') return reply.header('content-encoding', 'br').send(this.brotliBytes());
    if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(this.gzipBytes());
    return reply.send(this.plain);
  }

  /**
   * The same reply (status 200) written straight to node's response, for the memory lane
   * (memory-lane.ts): the headers send() leads Fastify to write, and nothing else.
   */
  write(request: IncomingMessage, response: ServerResponse): void {
    if (this.plain.length < COMPRESS_FROM_BYTES) {
      response.writeHead(200, { 'content-type': JSON_TYPE, 'content-length': this.plain.length });
      response.end(this.plain);
      return;
    }
    const encoding = this.encoding(request.headers['accept-encoding']);
    const body =
      encoding === 'br' ? this.brotliBytes() : encoding === 'gzip' ? this.gzipBytes() : this.plain;
    const headers: OutgoingHttpHeaders = { 'content-type': JSON_TYPE, vary: 'accept-encoding' };
    if (encoding) headers['content-encoding'] = encoding;
    headers['content-length'] = body.length;
    response.writeHead(200, headers);
    response.end(body);
  }

  private encoding(accepted: string | undefined): 'br' | 'gzip' | null {
    return accepted ? (encodings.negotiate(accepted) as 'br' | 'gzip' | null) : null;
  }

  private brotliBytes(): Buffer {
    return (this.brotli ??= brotliCompressSync(this.plain, { params: BROTLI_PARAMS }));
  }

  private gzipBytes(): Buffer {
    return (this.gzip ??= gzipSync(this.plain));
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';
