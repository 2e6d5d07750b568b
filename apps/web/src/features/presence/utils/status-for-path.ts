import type { StatusBody } from '@beerscale/contract/users';

/** SPEC §4 presence: 'searching' while on /game, 'logged_in' on any other protected page. */
export function statusForPath(pathname: string): StatusBody['status'] {
  return pathname.replace(/\/+$/, '') === '/game' ? 'searching' : 'logged_in';
}
