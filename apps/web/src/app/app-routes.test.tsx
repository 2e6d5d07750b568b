import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useUrl } from '../lib/router';
import { RouterAt } from '../testing/router-at';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login, logout, verifyToken } from '@beerscale/contract/api/auth';
import { mySessions, site } from '@beerscale/contract/api/account';
import { activeFastGame } from '@beerscale/contract/api/fast-games';
import { activeRankedGame } from '@beerscale/contract/api/games';
import { myGroups } from '@beerscale/contract/api/groups';
import { eloHistory, home } from '@beerscale/contract/api/home';
import { myInvites } from '@beerscale/contract/api/invites';
import { leaderboard } from '@beerscale/contract/api/leaderboard';
import { rulePresets } from '@beerscale/contract/api/rules';
import { checkScales, scales } from '@beerscale/contract/api/scales';
import { profile, setStatus, updateProfile } from '@beerscale/contract/api/users';
import { watchState } from '@beerscale/contract/api/watch';
import { ERRORS } from '@beerscale/contract/messages';
import type { ProfileReply } from '@beerscale/contract/profile';
import { REDIRECT_KEY } from '../lib/storage';
import { callsTo, entriesCalled, refusal, serve } from '../testing/contract-server';
import { tokenExpiringIn } from '../testing/make-token';
import { AppRoutes } from './app-routes';
import { Providers } from './providers';

// The routing and session rules of the web app (docs/ARCHITECTURE.md, "The web app's
// behaviour"), with the server's answers served by contract entries. The real server and browser
// are covered by the e2e suite.

const USER = {
  id: 7,
  username: 'hopfen',
  playerName: 'Hops',
  status: 'logged_in',
  isAdmin: false,
} as const;

/** The answers of a signed-in user's server; a test serves its own over them. */
function serveSession() {
  serve(verifyToken, () => ({ valid: true, user: USER }));
  serve(login, () => ({ token: tokenExpiringIn(3600), user: USER }));
  serve(logout, () => ({ message: 'Logged out' }));
  serve(setStatus, ({ body }) => ({ id: USER.id, status: body.status }));
  // /home shows the player's dashboard, which needs its figures.
  serve(home, () => ({
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
    tonight: { drankGrams: 0, alcoholGrams: 0, standardDrinks: 0 },
  }));
  serve(checkScales, () => ({ hasScales: true }));
  serve(eloHistory, () => []);
  // The signed-in shell keeps the account's language and looks for invitations.
  serve(updateProfile, () => account(USER.playerName));
  serve(myInvites, () => []);
  serve(site, () => ({ imprintUrl: null, privacyUrl: null, helpUrl: null }));
  // The other pages a test passes through, empty: this file looks only at where it ends up.
  serve(leaderboard, () => []);
  serve(activeRankedGame, () => ({ activeGame: null }));
  serve(activeFastGame, () => ({ activeGame: null }));
  serve(rulePresets, () => []);
  serve(scales, () => ({ scales: [] }));
  serve(myGroups, () => []);
}

function account(playerName: string): ProfileReply {
  return {
    id: USER.id,
    username: USER.username,
    playerName,
    isAdmin: false,
    currentElo: 1200,
    peakElo: 1200,
    verifiedGames: 0,
    ratedGames: 0,
    ratedOpponents: 0,
    independentOpponents: 0,
    provisional: true,
    scales: [],
    defaultDrink: { kind: 'beer', abv: 5 },
    eveningLimit: null,
    drinking: { totals: { drankGrams: 0, alcoholGrams: 0, standardDrinks: 0 }, months: [] },
  };
}

const statusesSent = () => callsTo(setStatus).map((c) => c.body);

class SilentSocket {
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  send() {}
  close() {}
}

function Where() {
  const location = useUrl();
  return (
    <output data-testid="where">{`${location.pathname}${location.search}${location.hash}`}</output>
  );
}

function open(url: string) {
  return render(
    <RouterAt url={url}>
      <Providers>
        <AppRoutes />
        <Where />
      </Providers>
    </RouterAt>,
  );
}

const where = () => screen.getByTestId('where').textContent;
const expectAt = (url: string) => waitFor(() => expect(where()).toBe(url));

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  serveSession();
  vi.stubGlobal('WebSocket', SilentSocket);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('visitors', () => {
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
    serve(login, () => refusal(login, 401, { error: ERRORS.invalidCredentials }));
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

  it('reach a page whatever the case of its path and with a trailing slash; below it is unknown', async () => {
    open('/LOGIN/');
    expect(await screen.findByLabelText('Username/Email')).toBeTruthy();
    cleanup();
    open('/login/more');
    expect(await screen.findByRole('heading', { name: /nothing on the scale/i })).toBeTruthy();
  });
});

describe('holders of a watch link', () => {
  it('follow the game without signing in, and stay on the link', async () => {
    const token = 'abcdefghijklmnopqrstuv';
    serve(watchState, () =>
      refusal(watchState, 404, { error: 'This watch link is not valid or has expired' }),
    );
    open(`/watch/${token}`);
    expect(await screen.findByRole('heading', { name: 'This link shows nothing' })).toBeTruthy();
    expect(where()).toBe(`/watch/${token}`);
    expect(entriesCalled()).toEqual([watchState]);
    expect(callsTo(watchState)[0]?.params).toEqual({ token });
  });

  it('keep the table screen on its own address', async () => {
    const token = 'abcdefghijklmnopqrstuv';
    serve(watchState, () =>
      refusal(watchState, 404, { error: 'This watch link is not valid or has expired' }),
    );
    open(`/watch/${token}/table`);
    expect(await screen.findByRole('heading', { name: 'This link shows nothing' })).toBeTruthy();
    expect(where()).toBe(`/watch/${token}/table`);
  });
});

describe('signed-in users', () => {
  beforeEach(() => localStorage.setItem('token', tokenExpiringIn(3600)));

  it('are verified on load and sent from public routes to /home', async () => {
    open('/login');
    await expectAt('/home');
    expect(callsTo(verifyToken)).not.toEqual([]);
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

  it('meet "not found" on a path whose id names nothing, without asking the server for it', async () => {
    const pages = [
      ['/games/0', 'Game not found'],
      ['/groups/07', 'Group not found'],
      ['/groups/1000000000/tournaments', 'Group not found'],
      ['/groups/1x/tournaments/new', 'Group not found'],
      ['/tournaments/abc', 'Tournament not found'],
    ] as const;
    for (const [url, text] of pages) {
      const view = open(url);
      expect((await screen.findByRole('alert')).textContent).toBe(text);
      view.unmount();
    }
    const asked = entriesCalled().map((entry) => entry.path);
    expect(asked.filter((path) => /^\/api\/(games|groups|tournaments)\/\{/.test(path))).toEqual([]);
  });

  it('see the navigation mark the page they are on', async () => {
    open('/dashboard');
    const [leaderboard] = await screen.findAllByRole('link', { name: 'Leaderboard' });
    const [play] = screen.getAllByRole('link', { name: 'Play' });
    expect(leaderboard!.getAttribute('aria-current')).toBe('page');
    expect(play!.getAttribute('aria-current')).toBeNull();
  });

  it('report searching on /game and logged_in elsewhere, on each page change', async () => {
    open('/game');
    await waitFor(() => expect(statusesSent()).toEqual([{ status: 'searching' }]));
    fireEvent.click((await screen.findAllByRole('link', { name: 'Leaderboard' }))[0]!);
    await expectAt('/dashboard');
    await waitFor(() =>
      expect(statusesSent()).toEqual([{ status: 'searching' }, { status: 'logged_in' }]),
    );
    expect(callsTo(setStatus).map((c) => c.params)).toEqual([{ id: 7 }, { id: 7 }]);
  });

  it('reach the profile from the name in the header, and a rename reaches the session', async () => {
    serve(profile, () => account('Hops'));
    serve(mySessions, () => []);
    serve(updateProfile, ({ body }) => account(body.playerName ?? 'Hops'));
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

  it('log out: the logout entry is called, storage cleared, back to /', async () => {
    localStorage.setItem('currentGameId', '12');
    open('/home');
    const [logoutButton] = await screen.findAllByRole('button', { name: 'Logout' });
    fireEvent.click(logoutButton!);
    await expectAt('/');
    expect(callsTo(logout)).toHaveLength(1);
    expect(localStorage.length).toBe(0);
  });

  it('log out keeps the language chosen on this device', async () => {
    localStorage.setItem('language', 'en');
    localStorage.setItem('currentGameId', '12');
    open('/home');
    const [logoutButton] = await screen.findAllByRole('button', { name: 'Logout' });
    fireEvent.click(logoutButton!);
    await expectAt('/');
    expect({ ...localStorage }).toEqual({ language: 'en' });
  });

  it('log out even when the server fails, with a notice', async () => {
    serve(logout, () => refusal(logout, 500, { error: 'boom' }));
    open('/home');
    const [logoutButton] = await screen.findAllByRole('button', { name: 'Logout' });
    fireEvent.click(logoutButton!);
    await expectAt('/');
    expect(localStorage.length).toBe(0);
    expect(await screen.findByText(ERRORS.logout)).toBeTruthy();
  });
});

describe('dead tokens', () => {
  it('a malformed token is removed and the user sent to /login', async () => {
    localStorage.setItem('token', 'not.a-token');
    open('/home');
    await expectAt('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(entriesCalled()).toEqual([]);
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
    serve(verifyToken, () =>
      refusal(verifyToken, 401, { valid: false, error: ERRORS.invalidToken }),
    );
    open('/home');
    await expectAt('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a 401 on any later call ends the session at /login', async () => {
    localStorage.setItem('token', tokenExpiringIn(3600));
    open('/home');
    expect(await screen.findByRole('heading', { name: /^welcome/i })).toBeTruthy();
    serve(setStatus, () => refusal(setStatus, 401, { error: ERRORS.invalidToken }));
    fireEvent.click((await screen.findAllByRole('link', { name: 'Play' }))[0]!);
    await expectAt('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a token that expires while the tab is away ends the session when it is back', async () => {
    localStorage.setItem('token', tokenExpiringIn(3600));
    open('/home');
    expect(await screen.findByRole('heading', { name: /^welcome/i })).toBeTruthy();
    localStorage.setItem('token', tokenExpiringIn(-1));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await expectAt('/login');
  });
});
