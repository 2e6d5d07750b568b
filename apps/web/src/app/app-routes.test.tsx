import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from '../lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@beerscale/contract/messages';
import { REDIRECT_KEY } from '../lib/storage';
import { tokenExpiringIn } from '../testing/make-token';
import { AppRoutes } from './app-routes';
import { Providers } from './providers';

// The routing rules of SPEC §2 and the session rules of SPEC §4, with the server's answers
// played by a fetch stub. The real server and browser are covered by the e2e suite.

const USER = { id: 7, username: 'hopfen', playerName: 'Hops', status: 'logged_in', isAdmin: false };

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;
let routes: Record<string, Handler>;
const calls: { method: string; path: string; body: unknown }[] = [];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubServer(overrides: Record<string, Handler> = {}) {
  routes = {
    'GET /api/verify-token': () => json(200, { valid: true, user: USER }),
    'POST /api/login': () => json(200, { token: tokenExpiringIn(3600), user: USER }),
    'POST /api/logout': () => json(200, { message: 'Logged out' }),
    'PUT /api/users/7/status': (init) => json(200, JSON.parse(String(init?.body))),
    // /home shows the player's dashboard, which needs its figures.
    'GET /api/home': () =>
      json(200, {
        user: { id: USER.id, username: USER.username, playerName: USER.playerName },
        stats: {
          current_elo: 1200,
          peak_elo: 1200,
          games_played: 0,
          games_won: 0,
          total_exact_matches: 0,
          total_penalties: 0,
          best_mean_difference: null,
          average_mean_difference: null,
        },
        recentGames: [],
        activeGame: null,
      }),
    ...overrides,
  };
}

class SilentSocket {
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  send() {}
  close() {}
}

function Where() {
  const location = useLocation();
  return (
    <output data-testid="where">{`${location.pathname}${location.search}${location.hash}`}</output>
  );
}

function open(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Providers>
        <AppRoutes />
        <Where />
      </Providers>
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;
const expectAt = (url: string) => waitFor(() => expect(where()).toBe(url));

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  calls.length = 0;
  stubServer();
  vi.stubGlobal('WebSocket', SilentSocket);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const handler = routes[`${method} ${path}`];
      return handler ? handler(init) : json(404, { error: 'Not found' });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('visitors (SPEC §2)', () => {
  it('are sent from a protected route to / and the URL is remembered', async () => {
    open('/dashboard?tab=week#top');
    await expectAt('/');
    expect(await screen.findByRole('link', { name: 'How to Play' })).toBeTruthy();
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBe('/dashboard?tab=week#top');
  });

  it('return to the remembered URL after login, which is then forgotten', async () => {
    sessionStorage.setItem(REDIRECT_KEY, '/dashboard?tab=week#top');
    open('/login');
    fireEvent.change(await screen.findByLabelText('Username/Email'), {
      target: { value: 'hopfen' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await expectAt('/dashboard?tab=week#top');
    // Forgotten once the protected page (a lazy chunk, slow on a cold run) has mounted.
    await waitFor(() => expect(sessionStorage.getItem(REDIRECT_KEY)).toBeNull());
    expect(localStorage.getItem('userId')).toBe('7');
    expect(localStorage.getItem('playerName')).toBe('Hops');
  });

  it('go to /home after a login without a remembered URL', async () => {
    open('/login');
    fireEvent.change(await screen.findByLabelText('Username/Email'), {
      target: { value: 'hopfen' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await expectAt('/home');
  });

  it('see the server error of a failed login in the banner', async () => {
    stubServer({ 'POST /api/login': () => json(401, { error: ERRORS.invalidCredentials }) });
    open('/login');
    fireEvent.change(await screen.findByLabelText('Username/Email'), {
      target: { value: 'hopfen' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ERRORS.invalidCredentials);
    expect(where()).toBe('/login');
  });

  it('may read the instructions, and meet a friendly 404 on unknown routes', async () => {
    open('/game/instructions');
    expect(await screen.findByRole('heading', { name: 'How to Play' })).toBeTruthy();
    cleanup();
    open('/no/such/page');
    expect(await screen.findByRole('heading', { name: /nothing on the scale/i })).toBeTruthy();
  });
});

describe('holders of a watch link', () => {
  it('follow the game without signing in, and stay on the link', async () => {
    const token = 'abcdefghijklmnopqrstuv';
    routes[`GET /api/watch/${token}`] = () =>
      json(404, { error: 'This watch link is not valid or has expired' });
    open(`/watch/${token}`);
    expect(await screen.findByRole('heading', { name: 'This link shows nothing' })).toBeTruthy();
    expect(where()).toBe(`/watch/${token}`);
    expect(calls.map((c) => c.path)).toEqual([`/api/watch/${token}`]);
  });
});

describe('signed-in users (SPEC §2, §4)', () => {
  beforeEach(() => localStorage.setItem('token', tokenExpiringIn(3600)));

  it('are verified on load and sent from public routes to /home', async () => {
    open('/login');
    await expectAt('/home');
    expect(calls.some((c) => c.path === '/api/verify-token')).toBe(true);
  });

  it('are sent from public routes to the remembered URL', async () => {
    sessionStorage.setItem(REDIRECT_KEY, '/scale-settings');
    open('/');
    await expectAt('/scale-settings');
  });

  it('may still read the instructions', async () => {
    open('/game/instructions');
    expect(await screen.findByRole('heading', { name: 'How to Play' })).toBeTruthy();
    expect(where()).toBe('/game/instructions');
  });

  it('find /layout leading to /home', async () => {
    open('/layout');
    await expectAt('/home');
  });

  it('report searching on /game and logged_in elsewhere, on each page change', async () => {
    open('/game');
    await waitFor(() =>
      expect(
        calls.filter((c) => c.method === 'PUT' && c.path.endsWith('/status')).map((c) => c.body),
      ).toEqual([{ status: 'searching' }]),
    );
    fireEvent.click((await screen.findAllByRole('link', { name: 'Leaderboard' }))[0]!);
    await expectAt('/dashboard');
    await waitFor(() =>
      expect(
        calls.filter((c) => c.method === 'PUT' && c.path.endsWith('/status')).map((c) => c.body),
      ).toEqual([{ status: 'searching' }, { status: 'logged_in' }]),
    );
    expect(calls.filter((c) => c.method === 'PUT' && c.path.endsWith('/status'))[0]?.path).toBe(
      '/api/users/7/status',
    );
  });

  it('reach the profile from the name in the header, and a rename reaches the session', async () => {
    const profile = (playerName: string) =>
      json(200, { ...USER, playerName, currentElo: 1200, peakElo: 1200, scales: [] });
    stubServer({
      'GET /api/profile': () => profile('Hops'),
      'PUT /api/profile': (init) => profile(JSON.parse(String(init?.body)).playerName),
    });
    open('/home');
    fireEvent.click(await screen.findByRole('link', { name: 'Hops' }));
    await expectAt('/profile');
    fireEvent.change(await screen.findByLabelText('Player name (max 10)'), {
      target: { value: 'Malt' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The header and Game Setup's locked Player 1 read the session's user.
    expect(await screen.findByRole('link', { name: 'Malt' })).toBeTruthy();
    expect(localStorage.getItem('playerName')).toBe('Malt');
  });

  it('log out: POST /api/logout, storage cleared, back to /', async () => {
    localStorage.setItem('currentGameId', '12');
    open('/home');
    const [logout] = await screen.findAllByRole('button', { name: 'Logout' });
    fireEvent.click(logout!);
    await expectAt('/');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/logout')).toBe(true);
    expect(localStorage.length).toBe(0);
  });

  it('log out keeps the language chosen on this device', async () => {
    localStorage.setItem('language', 'en');
    localStorage.setItem('currentGameId', '12');
    open('/home');
    const [logout] = await screen.findAllByRole('button', { name: 'Logout' });
    fireEvent.click(logout!);
    await expectAt('/');
    expect({ ...localStorage }).toEqual({ language: 'en' });
  });

  it('log out even when the server fails, with a notice', async () => {
    stubServer({ 'POST /api/logout': () => json(500, { error: 'boom' }) });
    open('/home');
    const [logout] = await screen.findAllByRole('button', { name: 'Logout' });
    fireEvent.click(logout!);
    await expectAt('/');
    expect(localStorage.length).toBe(0);
    expect(await screen.findByText(ERRORS.logout)).toBeTruthy();
  });
});

describe('dead tokens (SPEC §4)', () => {
  it('a malformed token is removed and the user sent to /login', async () => {
    localStorage.setItem('token', 'not.a-token');
    open('/home');
    await expectAt('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('an expired token is removed and the user sent to /login, then back after login', async () => {
    localStorage.setItem('token', tokenExpiringIn(-10));
    open('/dashboard');
    await expectAt('/login');
    expect(localStorage.getItem('token')).toBeNull();
    fireEvent.change(await screen.findByLabelText('Username/Email'), {
      target: { value: 'hopfen' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await expectAt('/dashboard');
  });

  it('a token the server refuses on load leads to /login', async () => {
    localStorage.setItem('token', tokenExpiringIn(3600));
    stubServer({
      'GET /api/verify-token': () => json(401, { valid: false, error: ERRORS.invalidToken }),
    });
    open('/home');
    await expectAt('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a 401 on any later call ends the session at /login', async () => {
    localStorage.setItem('token', tokenExpiringIn(3600));
    open('/home');
    expect(await screen.findByRole('heading', { name: /welcome back/i })).toBeTruthy();
    stubServer({ 'PUT /api/users/7/status': () => json(401, { error: ERRORS.invalidToken }) });
    fireEvent.click((await screen.findAllByRole('link', { name: 'Play' }))[0]!);
    await expectAt('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a token that expires while the tab is away ends the session when it is back', async () => {
    localStorage.setItem('token', tokenExpiringIn(3600));
    open('/home');
    expect(await screen.findByRole('heading', { name: /welcome back/i })).toBeTruthy();
    localStorage.setItem('token', tokenExpiringIn(-1));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await expectAt('/login');
  });
});
