import { cleanup, render, screen } from '@testing-library/react';
import { Route, Switch } from 'wouter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rememberTarget } from '../lib/redirect';
import { REDIRECT_KEY } from '../lib/storage';
import { FakeSocket, sessionWrapper } from '../testing/fake-session';
import { PublicOnly } from './public-only';

/** The app's public and protected routes, the protected page never arriving (a slow chunk). */
function renderAt(url: string) {
  const NeverArrives = () => {
    throw new Promise(() => {});
  };
  return render(
    <Switch>
      <Route path="/login">
        <PublicOnly>
          <p>login form</p>
        </PublicOnly>
      </Route>
      <Route path="/dashboard">
        <NeverArrives />
      </Route>
      <Route path="/home">
        <p>home page</p>
      </Route>
    </Switch>,
    { wrapper: sessionWrapper(new FakeSocket(), undefined, url) },
  );
}

describe('PublicOnly for a signed-in user', () => {
  beforeEach(() => sessionStorage.clear());
  // One browser history for the file: an earlier test's tree would follow it.
  afterEach(cleanup);

  it('sends them to the remembered page once, even before that page has arrived', () => {
    rememberTarget({ pathname: '/dashboard', search: '?tab=week', hash: '' });
    renderAt('/login');
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBeNull();
  });

  it('sends them home when nothing is remembered', async () => {
    renderAt('/login');
    expect(await screen.findByText('home page')).toBeTruthy();
  });
});
