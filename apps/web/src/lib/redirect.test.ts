import { beforeEach, describe, expect, it } from 'vitest';
import { forgetTarget, peekTarget, rememberTarget } from './redirect';
import { REDIRECT_KEY } from './storage';

// docs/ARCHITECTURE.md, The web app's behaviour: Routes and guards.
describe('post-login target', () => {
  beforeEach(() => sessionStorage.clear());

  it('remembers path, query and hash until the user has arrived', () => {
    rememberTarget({ pathname: '/dashboard', search: '?tab=week', hash: '#me' });
    expect(sessionStorage.getItem(REDIRECT_KEY)).toBe('/dashboard?tab=week#me');
    expect(peekTarget()).toBe('/dashboard?tab=week#me');
    expect(peekTarget()).toBe('/dashboard?tab=week#me');
    forgetTarget();
    expect(peekTarget()).toBe('/home');
  });

  it('the latest protected URL wins', () => {
    rememberTarget({ pathname: '/game', search: '', hash: '' });
    rememberTarget({ pathname: '/live', search: '?mac=AABBCCDDEEFF', hash: '' });
    expect(peekTarget()).toBe('/live?mac=AABBCCDDEEFF');
  });

  it('defaults to /home and never leaves the site', () => {
    expect(peekTarget()).toBe('/home');
    for (const evil of ['//evil.example/x', 'https://evil.example', '/\\evil.example', '']) {
      sessionStorage.setItem(REDIRECT_KEY, evil);
      expect(peekTarget()).toBe('/home');
    }
  });
});
