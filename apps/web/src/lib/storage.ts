import type { GameMode } from '@beerscale/contract/limits';

/** Local browser storage keys (docs/PRIVACY.md), and the session key for the post-login target. */
export const STORAGE_KEYS = {
  token: 'token',
  userId: 'userId',
  username: 'username',
  playerName: 'playerName',
  activeScale: 'activeScale',
  currentGameId: 'currentGameId',
  /** The last game that ended for this reader: /live links to its page once it is over. */
  lastGameId: 'lastGameId',
  selectedGameMode: 'selectedGameMode',
  /** The other names typed into the fast game form (JSON array), kept until logout. */
  fastGamePlayers: 'fastGamePlayers',
  /** Container, rounds and rules of a ranked game played again, for its new lobby (JSON). */
  carriedSetup: 'carriedSetup',
} as const;

export const REDIRECT_KEY = 'postLoginRedirect';

/** The reader's chosen language: the device's, not the account's, so it outlives a logout. */
export const LANGUAGE_KEY = 'language';

type Key = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function read(key: Key): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function write(key: Key, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the app still works for this page view.
  }
}

/**
 * The stored current game id is cleared when a game ends or is left. Only when it is that
 * game: an event about another game (one the user was merely invited to) must not make the
 * user lose their own.
 */
export function forgetGameId(gameId: number | string): void {
  if (read(STORAGE_KEYS.currentGameId) === String(gameId)) write(STORAGE_KEYS.currentGameId, null);
}

/**
 * Logout and token failure clear all local storage (docs/ARCHITECTURE.md, Session), but for the
 * language chosen on this device (issue #16: remembered; a German reader who logs out keeps reading
 * German). The remembered post-login target lives in session storage and survives a token failure
 * on purpose: signing in again returns the user to where they were.
 */
export function clearAll(): void {
  try {
    const language = localStorage.getItem(LANGUAGE_KEY);
    localStorage.clear();
    if (language !== null) localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Nothing to clear.
  }
}

/** The mode this device chose last, or null when it never chose one. */
export function storedGameMode(): GameMode | null {
  const stored = read(STORAGE_KEYS.selectedGameMode);
  return stored === 'ranked' || stored === 'fast' ? stored : null;
}
