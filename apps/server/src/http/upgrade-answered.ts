import type { Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * An upgrade request that an HTTP route answers (a path without a socket, or a socket route's
 * refusal) leaves a connection node no longer parses: it is closed once the answer is out.
 * @fastify/websocket does this with an onResponse hook (and marks upgrades in an onRequest
 * hook), global where the plugin is registered; app.ts keeps the plugin in the sockets' own
 * context, so every other route goes without both hooks, and this listener does the closing.
 *
 * The plugin answers an upgrade through a ServerResponse it assigns to the socket before it
 * routes the request, synchronously in its own 'upgrade' listener, so this one, added after,
 * finds it as the socket's current message. A socket the plugin hands to ws (101) never sees
 * that response finish, so it is left open.
 */
export function closeUpgradesAnsweredOverHttp(server: Server): void {
  server.on('upgrade', (_request, socket: Duplex) => {
    const response = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (!response) return;
    if (response.writableFinished) socket.destroy();
    else response.once('finish', () => socket.destroy());
  });
}
