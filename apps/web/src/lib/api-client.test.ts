import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login, register, verifyToken } from '@beerscale/contract/api/auth';
import { kickParticipant } from '@beerscale/contract/api/games';
import { home } from '@beerscale/contract/api/home';
import { listUsers, updateProfile } from '@beerscale/contract/api/users';
import { watchState } from '@beerscale/contract/api/watch';
import { registerReplySchema } from '@beerscale/contract/auth';
import { ERRORS } from '@beerscale/contract/messages';
import { server } from '../testing/contract-server';
import { tokenExpiringIn } from '../testing/make-token';
import type { ApiError } from './api-client';
import { call, errorMessage, request as api, setUnauthorizedHandler } from './api-client';

// The transport itself: the fake server answers raw responses (bodies no contract allows, error
// pages, no answer at all) in the order the test queues them, and keeps what each request sent.

interface Sent {
  method: string;
  /** Path and query, as they went over the wire. */
  url: string;
  headers: Headers;
  body: string;
}
const sent: Sent[] = [];
const answers: (() => Response | Promise<Response>)[] = [];
const unauthorized = vi.fn();
const reply = (status: number, body: string, statusText = '') =>
  answers.push(() => new Response(body, { status, statusText }));
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as ApiError,
  );

beforeEach(() => {
  localStorage.clear();
  sent.length = 0;
  answers.length = 0;
  unauthorized.mockReset();
  setUnauthorizedHandler(unauthorized);
  // A request with no answer queued falls through to the contract server's catch-all, which
  // fails the test.
  server.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      sent.push({
        method: request.method,
        url: `${url.pathname}${url.search}`,
        headers: request.headers,
        body: await request.text(),
      });
      return answers.shift()?.();
    }),
  );
});
afterEach(() => {
  setUnauthorizedHandler(null);
});

describe('api client', () => {
  it('sends JSON with the bearer token, and none for anonymous calls', async () => {
    const token = tokenExpiringIn(60);
    localStorage.setItem('token', token);
    reply(200, '{"ok":true}');
    reply(200, '{"ok":true}');
    expect(await api('PUT', updateProfile.path, { body: { language: 'de' } })).toEqual({
      ok: true,
    });
    await api('POST', login.path, { anonymous: true });
    const [first, second] = sent;
    expect(first!.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(first!.headers.get('content-type')).toBe('application/json');
    expect(first!.body).toBe('{"language":"de"}');
    expect(second!.headers.get('authorization')).toBeNull();
  });

  it('turns { error, errors } into a server error, shown first-of-errors', async () => {
    reply(400, JSON.stringify({ error: 'A', errors: ['B', 'C'] }));
    const error = await failure(api('POST', register.path));
    expect(error).toMatchObject({ kind: 'server', status: 400, message: 'A', errors: ['B', 'C'] });
    expect(errorMessage(error, 'fallback')).toBe('B');
  });

  it('tells an error page without { error } apart: http, with the status', async () => {
    reply(502, '<html>Bad gateway</html>', 'Bad Gateway');
    const error = await failure(api('GET', home.path));
    expect(error).toMatchObject({ kind: 'http', status: 502, message: 'Bad Gateway' });
    expect(errorMessage(error, 'fallback')).toBe('fallback');
  });

  it('reports no answer as a network error', async () => {
    answers.push(() => HttpResponse.error());
    expect(await failure(api('GET', home.path))).toMatchObject({ kind: 'network', status: 0 });
  });

  it('checks a 2xx against the contract schema when given one', async () => {
    reply(201, JSON.stringify({ message: 'ok', userId: 3 }));
    expect(await api('POST', register.path, { schema: registerReplySchema })).toEqual({
      message: 'ok',
      userId: 3,
    });
    reply(201, JSON.stringify({ message: 'ok' }));
    expect(
      await failure(api('POST', register.path, { schema: registerReplySchema })),
    ).toMatchObject({ kind: 'invalid-data', message: ERRORS.invalidServerData });
    reply(200, 'not json');
    expect(await failure(api('GET', home.path))).toMatchObject({ kind: 'invalid-data' });
  });

  it('ends the session on a 401 to a call made with a token, unless told not to', async () => {
    localStorage.setItem('token', tokenExpiringIn(60));
    reply(401, JSON.stringify({ error: ERRORS.invalidToken }));
    await failure(api('GET', home.path));
    expect(unauthorized).toHaveBeenCalledTimes(1);
    reply(401, JSON.stringify({ error: ERRORS.invalidToken }));
    await failure(api('GET', verifyToken.path, { sessionCheck: false }));
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves the session alone on a 401 that arrives after the user signed out', async () => {
    // Logout revokes the token while another call is on its way; its late 401 must not send
    // the signed-out user to /login.
    localStorage.setItem('token', tokenExpiringIn(60));
    let answer: (response: Response) => void = () => {};
    answers.push(() => new Promise<Response>((resolve) => (answer = resolve)));
    const late = failure(api('GET', home.path));
    localStorage.clear();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    answer(new Response(JSON.stringify({ error: ERRORS.invalidToken }), { status: 401 }));
    expect(await late).toMatchObject({ kind: 'server', status: 401 });
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('does not send an expired token: the session ends without asking the server', async () => {
    localStorage.setItem('token', tokenExpiringIn(-5));
    expect(await failure(api('GET', home.path))).toMatchObject({ kind: 'server', status: 401 });
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([]);
  });

  it('a 401 without a token (wrong password) is only a refusal', async () => {
    reply(401, JSON.stringify({ error: ERRORS.invalidCredentials }));
    const error = await failure(api('POST', login.path, { anonymous: true }));
    expect(error.message).toBe(ERRORS.invalidCredentials);
    expect(unauthorized).not.toHaveBeenCalled();
  });
});

describe('call (by the contract table)', () => {
  // The paths are the entries' templates filled by hand, not by the client's own filling.
  const requests = () => sent.map((r) => `${r.method} ${r.url}`);

  it("fills the entry's path from its params and sends its method", async () => {
    reply(200, '{"message":"Player kicked"}');
    expect(await call(kickParticipant, { params: { id: 3, playerId: 8 } })).toEqual({
      message: 'Player kicked',
    });
    expect(requests()).toEqual([
      `POST ${kickParticipant.path.replace('{id}', '3').replace('{playerId}', '8')}`,
    ]);
  });

  it('puts the query into the URL, encoded, leaving out what is not given', async () => {
    reply(200, '[]');
    await call(listUsers, { query: { search: 'Jo & Ann', limit: 5, userId: undefined } });
    expect(requests()).toEqual([`GET ${listUsers.path}?search=Jo+%26+Ann&limit=5`]);
  });

  it("checks the reply against the entry's schema when asked", async () => {
    reply(200, '{"game":"not a game"}');
    const error = await failure(call(watchState, { params: { token: 'a/b' }, validate: true }));
    expect(error).toMatchObject({ kind: 'invalid-data' });
    expect(requests()).toEqual([`GET ${watchState.path.replace('{token}', 'a%2Fb')}`]);
  });
});
