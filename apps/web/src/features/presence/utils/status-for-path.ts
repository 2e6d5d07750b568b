import type { StatusBody } from '@beerscale/contract/users';

/** Presence: 'searching' while on /game, 'logged_in' on any other protected page. */
export function statusForPath(pathname: string): StatusBody['status'] {
  return pathname.replace(/\/+$/, '') === '/game' ? 'searching' : 'logged_in';
}
