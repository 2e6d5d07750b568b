import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerReplySchema } from '@beerscale/contract/auth';
import { ERRORS } from '@beerscale/contract/messages';
import { tokenExpiringIn } from '../testing/make-token';
import type { ApiError } from './api-client';
import { kickParticipant } from '@beerscale/contract/api/games';
import { listUsers } from '@beerscale/contract/api/users';
import { watchState } from '@beerscale/contract/api/watch';
import { call, errorMessage, request as api, setUnauthorizedHandler } from './api-client';

const fetchMock = vi.fn();
const unauthorized = vi.fn();
const reply = (status: number, body: string, statusText = '') =>
  fetchMock.mockResolvedValueOnce(new Response(body, { status, statusText }));
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as ApiError,
  );

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  unauthorized.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setUnauthorizedHandler(unauthorized);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

describe('api client', () => {
  it('sends JSON with the bearer token, and none for anonymous calls', async () => {
    const token = tokenExpiringIn(60);
    localStorage.setItem('token', token);
    reply(200, '{"ok":true}');
    reply(200, '{"ok":true}');
    expect(await api('PUT', '/api/x', { body: { a: 1 } })).toEqual({ ok: true });
    await api('POST', '/api/login', { anonymous: true });
    const [first, second] = fetchMock.mock.calls as [string, RequestInit][];
    const headers = new Headers(first![1].headers);
    expect(headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(headers.get('content-type')).toBe('application/json');
    expect(first![1].body).toBe('{"a":1}');
    expect(new Headers(second![1].headers).get('authorization')).toBeNull();
  });

  it('turns { error, errors } into a server error, shown first-of-errors', async () => {
    reply(400, JSON.stringify({ error: 'A', errors: ['B', 'C'] }));
    const error = await failure(api('POST', '/api/register'));
    expect(error).toMatchObject({ kind: 'server', status: 400, message: 'A', errors: ['B', 'C'] });
    expect(errorMessage(error, 'fallback')).toBe('B');
  });

  it('tells an error page without { error } apart: http, with the status', async () => {
    reply(502, '<html>Bad gateway</html>', 'Bad Gateway');
    const error = await failure(api('GET', '/api/x'));
    expect(error).toMatchObject({ kind: 'http', status: 502, message: 'Bad Gateway' });
    expect(errorMessage(error, 'fallback')).toBe('fallback');
  });

  it('reports no answer as a network error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await failure(api('GET', '/api/x'))).toMatchObject({ kind: 'network', status: 0 });
  });

  it('checks a 2xx against the contract schema when given one', async () => {
    reply(201, JSON.stringify({ message: 'ok', userId: 3 }));
    expect(await api('POST', '/api/register', { schema: registerReplySchema })).toEqual({
      message: 'ok',
      userId: 3,
    });
    reply(201, JSON.stringify({ message: 'ok' }));
    expect(
      await failure(api('POST', '/api/register', { schema: registerReplySchema })),
    ).toMatchObject({ kind: 'invalid-data', message: ERRORS.invalidServerData });
    reply(200, 'not json');
    expect(await failure(api('GET', '/api/x'))).toMatchObject({ kind: 'invalid-data' });
  });

  it('ends the session on a 401 to a call made with a token, unless told not to', async () => {
    localStorage.setItem('token', tokenExpiringIn(60));
    reply(401, JSON.stringify({ error: ERRORS.invalidToken }));
    await failure(api('GET', '/api/x'));
    expect(unauthorized).toHaveBeenCalledTimes(1);
    reply(401, JSON.stringify({ error: ERRORS.invalidToken }));
    await failure(api('GET', '/api/verify-token', { sessionCheck: false }));
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves the session alone on a 401 that arrives after the user signed out', async () => {
    // Logout revokes the token while another call is on its way; its late 401 must not send
    // the signed-out user to /login.
    localStorage.setItem('token', tokenExpiringIn(60));
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const late = failure(api('GET', '/api/home'));
    localStorage.clear();
    answer(new Response(JSON.stringify({ error: ERRORS.invalidToken }), { status: 401 }));
    expect(await late).toMatchObject({ kind: 'server', status: 401 });
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('does not send an expired token: the session ends without asking the server', async () => {
    localStorage.setItem('token', tokenExpiringIn(-5));
    expect(await failure(api('GET', '/api/x'))).toMatchObject({ kind: 'server', status: 401 });
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a 401 without a token (wrong password) is only a refusal', async () => {
    reply(401, JSON.stringify({ error: ERRORS.invalidCredentials }));
    const error = await failure(api('POST', '/api/login', { anonymous: true }));
    expect(error.message).toBe(ERRORS.invalidCredentials);
    expect(unauthorized).not.toHaveBeenCalled();
  });
});

describe('call (by the contract table)', () => {
  const sent = () => fetchMock.mock.calls.map(([path, init]) => `${init.method} ${path}`);

  it("fills the entry's path from its params and sends its method", async () => {
    reply(200, '{"message":"Player kicked"}');
    expect(await call(kickParticipant, { params: { id: 3, playerId: 8 } })).toEqual({
      message: 'Player kicked',
    });
    expect(sent()).toEqual(['POST /api/games/3/participants/8/kick']);
  });

  it('puts the query into the URL, encoded, leaving out what is not given', async () => {
    reply(200, '[]');
    await call(listUsers, { query: { search: 'Jo & Ann', limit: 5, userId: undefined } });
    expect(sent()).toEqual(['GET /api/users?search=Jo+%26+Ann&limit=5']);
  });

  it("checks the reply against the entry's schema when asked", async () => {
    reply(200, '{"game":"not a game"}');
    const error = await failure(call(watchState, { params: { token: 'a/b' }, validate: true }));
    expect(error).toMatchObject({ kind: 'invalid-data' });
    expect(sent()).toEqual(['GET /api/watch/a%2Fb']);
  });
});
