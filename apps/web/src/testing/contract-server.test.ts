import { describe, expect, it } from 'vitest';
import { setStatus } from '@beerscale/contract/api/users';
import { callsTo, serve } from './contract-server';

// A request belongs to the test in which it started: one still in flight when that test ended
// (a page's last status report under a loaded machine) must not show up among the next test's
// calls, which that test's assertions read.

let sendBody!: (text: string) => void;
let straggler: Promise<Response> | undefined;

describe('the fake server between tests', () => {
  it('a request starts and its test ends before its body has arrived', async () => {
    let started!: () => void;
    const reached = new Promise<void>((resolve) => (started = resolve));
    serve(setStatus, ({ body }) => ({ id: 7, status: body.status }));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        sendBody = (text) => {
          controller.enqueue(new TextEncoder().encode(text));
          controller.close();
        };
        started();
      },
    });
    straggler = fetch('/api/users/7/status', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    await reached;
  });

  it('is answered, but is neither among the next test’s calls nor one of its problems', async () => {
    serve(setStatus, ({ body }) => ({ id: 7, status: body.status }));
    sendBody(JSON.stringify({ status: 'searching' }));
    const response = await straggler!;
    expect(response.status).toBe(200);
    expect(callsTo(setStatus)).toEqual([]);
  });
});
