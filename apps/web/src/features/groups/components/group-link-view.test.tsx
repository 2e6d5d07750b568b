import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Route, Switch, useLocation } from 'wouter';
import {
  claimGroupGuest,
  groupLinkInfo,
  joinGroup,
  myGroups,
} from '@beerscale/contract/api/groups';
import type { GroupLinkInfo } from '@beerscale/contract/groups';
import { peekTarget } from '../../../lib/redirect';
import { SessionContext, type Session } from '../../../lib/session-context';
import type { SocketClient } from '../../../lib/socket-client';
import { bodiesSent, callsTo, refusal, serve } from '../../../testing/contract-server';
import { FakeSocket, sessionWrapper } from '../../../testing/fake-session';
import { RouterAt } from '../../../testing/router-at';
import { GroupLinkView } from './group-link-view';

// /groups/join/{token} and /groups/claim/{token}: a visitor is told joining needs an account and
// signs up or in with the link kept as the target; a player joins (or claims) and lands in the
// group.

const TOKEN = 'Ab3_-9xYz0Ab3_-9xYz0Ab';
const INVITE: GroupLinkInfo = {
  kind: 'invite',
  groupName: 'Thursday Club',
  emoji: '🍻',
  guestName: null,
};

function Landed() {
  const [path] = useLocation();
  return <p>{`landed on ${path}`}</p>;
}

const routes = (
  <Switch>
    <Route path="/groups/:kind/:token">{(params) => <GroupLinkView token={params.token} />}</Route>
    <Route>
      <Landed />
    </Route>
  </Switch>
);

/** A visitor without a session: the app's status when no token is stored. */
function signedOut(url: string) {
  const session: Session = {
    status: 'offline',
    user: null,
    userId: null,
    socket: new FakeSocket() as unknown as SocketClient,
    signIn: () => {},
    renamed: () => {},
    signOut: async () => {},
    tokenFailed: () => {},
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={client}>
        <SessionContext.Provider value={session}>
          <RouterAt url={url}>{children}</RouterAt>
        </SessionContext.Provider>
      </QueryClientProvider>
    );
  };
}

beforeEach(() => {
  sessionStorage.clear();
  serve(myGroups, () => []);
});
afterEach(cleanup);

describe('the group link page, signed out', () => {
  it('explains the invite and keeps the link while the visitor signs up', async () => {
    serve(groupLinkInfo, () => INVITE);
    render(routes, { wrapper: signedOut(`/groups/join/${TOKEN}`) });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Join Thursday Club',
    );
    expect(screen.getByText(/Joining needs a beerscale account/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join the group' })).toBeNull();
    expect(callsTo(groupLinkInfo)[0]!.params).toEqual({ token: TOKEN });

    fireEvent.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(await screen.findByText('landed on /register')).toBeTruthy();
    // After registering and signing in, the visitor is sent back to the link.
    expect(peekTarget()).toBe(`/groups/join/${TOKEN}`);
    expect(callsTo(joinGroup)).toEqual([]);
  });

  it('keeps a claim link while the visitor signs in', async () => {
    serve(groupLinkInfo, () => ({ ...INVITE, kind: 'claim' as const, guestName: 'Barley' }));
    render(routes, { wrapper: signedOut(`/groups/claim/${TOKEN}`) });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Are you Barley?');
    expect(peekTarget()).toBe('/home');
    fireEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByText('landed on /login')).toBeTruthy();
    expect(peekTarget()).toBe(`/groups/claim/${TOKEN}`);
  });

  it('says when the link does not work', async () => {
    serve(groupLinkInfo, () =>
      refusal(groupLinkInfo, 404, { error: 'This link is not valid or has already been used' }),
    );
    render(routes, { wrapper: signedOut(`/groups/join/${TOKEN}`) });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'This link does not work',
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'This link is not valid or has already been used',
    );
    expect(screen.queryByRole('link', { name: 'Sign up' })).toBeNull();
  });
});

describe('the group link page, signed in', () => {
  const signedIn = (url: string) => sessionWrapper(new FakeSocket(), undefined, url);

  it('joins through the invite and lands in the group', async () => {
    serve(groupLinkInfo, () => INVITE);
    serve(joinGroup, () => ({ groupId: 5, memberId: 31 }));
    render(routes, { wrapper: signedIn(`/groups/join/${TOKEN}`) });
    expect(screen.queryByText(/Joining needs a beerscale account/)).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Join the group' }));
    expect(await screen.findByText('landed on /groups/5')).toBeTruthy();
    expect(bodiesSent(joinGroup)).toEqual([{ token: TOKEN }]);
    expect(callsTo(claimGroupGuest)).toEqual([]);
  });

  it("claims a guest's history through a claim link and lands in the group", async () => {
    serve(groupLinkInfo, () => ({ ...INVITE, kind: 'claim' as const, guestName: 'Barley' }));
    serve(claimGroupGuest, () => ({ groupId: 8, memberId: 13 }));
    render(routes, { wrapper: signedIn(`/groups/claim/${TOKEN}`) });
    expect(await screen.findByText(/moves all of Barley's games/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Take over this history' }));
    expect(await screen.findByText('landed on /groups/8')).toBeTruthy();
    expect(bodiesSent(claimGroupGuest)).toEqual([{ token: TOKEN }]);
    expect(callsTo(joinGroup)).toEqual([]);
  });

  it('stays on the link with the refusal when the link was used meanwhile', async () => {
    serve(groupLinkInfo, () => INVITE);
    serve(joinGroup, () =>
      refusal(joinGroup, 404, { error: 'This link is not valid or has already been used' }),
    );
    render(routes, { wrapper: signedIn(`/groups/join/${TOKEN}`) });
    fireEvent.click(await screen.findByRole('button', { name: 'Join the group' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link is not valid or has already been used',
    );
    expect(screen.queryByText(/landed on/)).toBeNull();
  });
});
