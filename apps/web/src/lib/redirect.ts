import { REDIRECT_KEY } from './storage';

const DEFAULT_TARGET = '/home';

interface Place {
  pathname: string;
  search: string;
  hash: string;
}

/** The protected URL a visitor wanted (path, query and hash), kept for after login. */
export function rememberTarget(place: Place): void {
  try {
    sessionStorage.setItem(REDIRECT_KEY, `${place.pathname}${place.search}${place.hash}`);
  } catch {
    // Without session storage the user simply lands on /home.
  }
}

/** Where a signed-in user belongs: the remembered URL, or /home. Only same-site paths count. */
export function peekTarget(): string {
  try {
    const target = sessionStorage.getItem(REDIRECT_KEY);
    return isSafePath(target) ? target : DEFAULT_TARGET;
  } catch {
    return DEFAULT_TARGET;
  }
}

/** Called once the user has arrived on a protected page: the memory has done its job. */
export function forgetTarget(): void {
  try {
    sessionStorage.removeItem(REDIRECT_KEY);
  } catch {
    // Nothing to forget.
  }
}

function isSafePath(target: string | null): target is string {
  // '/\evil.example' is read by browsers as '//evil.example', so a backslash is refused too.
  return !!target && target.startsWith('/') && !target.startsWith('//') && !target.includes('\\');
}
