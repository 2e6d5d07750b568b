import { describe, expect, it } from 'vitest';
import { statusForPath } from './status-for-path';

// docs/ARCHITECTURE.md, The web app's behaviour: Live channel and presence.
describe('presence per page', () => {
  it('is searching on /game', () => {
    expect(statusForPath('/game')).toBe('searching');
    expect(statusForPath('/game/')).toBe('searching');
  });

  it('is logged_in on every other protected page', () => {
    for (const path of [
      '/home',
      '/dashboard',
      '/live',
      '/scale-settings',
      '/profile',
      '/admin',
      '/gamex',
    ]) {
      expect(statusForPath(path)).toBe('logged_in');
    }
  });
});
