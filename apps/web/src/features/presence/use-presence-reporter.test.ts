import { describe, expect, it } from 'vitest';
import { statusForPath } from './use-presence-reporter';

describe('presence per page (SPEC §4)', () => {
  it('is searching on /game and logged_in on every other protected page', () => {
    expect(statusForPath('/game')).toBe('searching');
    for (const path of ['/home', '/dashboard', '/live', '/scale-settings', '/profile']) {
      expect(statusForPath(path)).toBe('logged_in');
    }
  });
});
