// Who is told when the token is refused or found expired: the session registers itself here,
// the API client (loaded later, with the first call) reports. Apart from the client so that the
// landing page's first load carries neither the client nor the contract's texts it throws.

let onUnauthorized: (() => void) | null = null;

/** The session registers what happens when the token is refused or found expired. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

/** Ends the session, if one is listening. */
export function reportUnauthorized(): void {
  onUnauthorized?.();
}
