// The username rule's patterns, zod-free: the schema (auth.ts) and the web's light
// form checks, which keep zod off /login and /register, share them.

/** A pragmatic address check: one @, something on each side, a dot in the domain, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A username that is not an e-mail address. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;
