import { beforeEach, describe, expect, it } from 'vitest';
import { peekTarget, rememberTarget, takeTarget } from './redirect';

describe('post-login target (SPEC §2)', () => {
  beforeEach(() => sessionStorage.clear());

  it('remembers path, query and hash, and hands it out once', () => {
    rememberTarget({ pathname: '/dashboard', search: '?tab=week', hash: '#me' });
    expect(peekTarget()).toBe('/dashboard?tab=week#me');
    expect(takeTarget()).toBe('/dashboard?tab=week#me');
    expect(takeTarget()).toBe('/home');
  });

  it('defaults to /home and never leaves the site', () => {
    expect(takeTarget()).toBe('/home');
    sessionStorage.setItem('postLoginRedirect', '//evil.example/x');
    expect(takeTarget()).toBe('/home');
    sessionStorage.setItem('postLoginRedirect', 'https://evil.example');
    expect(takeTarget()).toBe('/home');
  });
});
