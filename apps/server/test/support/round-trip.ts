import type WebSocket from 'ws';

/**
 * Sends PING and resolves at the PONG that answers it. The server writes to a socket in order,
 * so everything it sent before reading the PING has arrived by then: a test that expects
 * nothing more checks its messages after this, instead of after a sleep. The server answers a
 * PING at once, while earlier handlers may still be running: use it once what a leak would ride
 * on has gone out (another socket got its copy, or the handler is synchronous, as a device's
 * WEIGHT is), not to wait for a handler.
 */
export function roundTrip(ws: WebSocket, timeoutMs = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      ws.off('message', onMessage);
      reject(new Error(`no PONG within ${timeoutMs} ms`));
    }, timeoutMs);
    function onMessage(data: WebSocket.RawData) {
      if ((JSON.parse(data.toString()) as { type?: unknown }).type !== 'PONG') return;
      clearTimeout(timer);
      ws.off('message', onMessage);
      resolve();
    }
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ type: 'PING' }));
  });
}
