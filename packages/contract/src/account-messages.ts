// The account's own refusals and texts (zod-free, so the reset page and the web's refusal table
// need no schema). Keys become the stable codes of error-codes.ts.

export const ACCOUNT_REFUSALS = {
  /** The current password of a change, or the password confirming a deletion, is wrong. */
  passwordIncorrect: 'Your password is not correct',
  /** A disabled account signs in with its right password. */
  accountDisabled: 'This account is disabled. Ask the operator for help.',
  /** A reset link that is unknown, used or past its time. */
  resetLinkInvalid:
    'This reset link is invalid, used or expired. Ask an administrator for a new one.',
  sessionNotFound: 'Session not found',
  accountNotFound: 'Account not found',
  /** An account deletion while a game the player is in runs. */
  runningGameFirst: 'You are playing in a running game: delete your account after it has ended.',
  /** An administrator disabling their own account would lock the operator out. */
  cannotDisableSelf: 'You cannot disable your own account',
} as const;

/**
 * What finished games show for a player whose account was deleted (their name and account are
 * gone; the web shows it in the reader's language).
 */
export const DELETED_PLAYER_NAME = 'Deleted player';

/** A reset link lives this long and opens once. */
export const RESET_LINK_TTL_MS = 30 * 60_000;
