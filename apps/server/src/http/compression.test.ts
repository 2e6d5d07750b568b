import { randomBytes } from 'node:crypto';
import { connect, type AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { COMPRESSIBLE, registerCompression } from './compression';

describe('compression and stopping the server', () => {
  it('lets the server stop while a client has stopped reading a large compressed reply', async () => {
    const app = Fastify();
    await registerCompression(app);
    // Base64 of random bytes compresses to about three quarters: some 18 MB on the wire, more
    // than the loopback's socket buffers take in while the client reads nothing.
    const data = randomBytes(18_000_000).toString('base64');
    app.get('/api/export', COMPRESSIBLE, async () => ({ data }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const socket = connect(port, '127.0.0.1');
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => {});
    // The reply has begun once its head arrives; from then on the client reads nothing more.
    const head = new Promise<string>((resolve) =>
      socket.once('data', (chunk: Buffer) => {
        socket.pause();
        resolve(chunk.toString('latin1'));
      }),
    );
    socket.write('GET /api/export HTTP/1.1\r\nHost: test\r\nAccept-Encoding: br\r\n\r\n');
    expect((await head).toLowerCase()).toContain('content-encoding: br');

    // Streamed, the reply stayed unfinished and close() waited for the socket's timeout.
    await app.close();
    // The server cut the connection: what had reached the client ends, and the socket closes.
    socket.resume();
    await closed;
    expect(socket.destroyed).toBe(true);
  }, 15_000);
});
