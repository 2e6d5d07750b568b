// Zod-free, so the sign-in page can check a session reply without loading zod (users.ts holds
// the schema built from it).

/** A user's presence: offline, signed in, or searching for a game. */
export const USER_STATUSES = ['offline', 'logged_in', 'searching'] as const;
