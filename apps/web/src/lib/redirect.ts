import { REDIRECT_KEY } from './storage';

const DEFAULT_TARGET = '/home';

/** SPEC §2: the protected URL a visitor wanted (path, query and hash), kept for after login. */
export function rememberTarget(location: { pathname: string; search: string; hash: string }) {
  try {
    sessionStorage.setItem(REDIRECT_KEY, `${location.pathname}${location.search}${location.hash}`);
  } catch {
    // Without session storage the user simply lands on /home.
  }
}

/** Where to go after login; only same-site paths are honoured. */
export function takeTarget(): string {
  try {
    const target = sessionStorage.getItem(REDIRECT_KEY);
    sessionStorage.removeItem(REDIRECT_KEY);
    return isSafePath(target) ? target : DEFAULT_TARGET;
  } catch {
    return DEFAULT_TARGET;
  }
}

export function peekTarget(): string {
  try {
    const target = sessionStorage.getItem(REDIRECT_KEY);
    return isSafePath(target) ? target : DEFAULT_TARGET;
  } catch {
    return DEFAULT_TARGET;
  }
}

function isSafePath(target: string | null): target is string {
  return !!target && target.startsWith('/') && !target.startsWith('//');
}
