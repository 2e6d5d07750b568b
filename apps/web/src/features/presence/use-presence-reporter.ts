import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { StatusBody } from '@beerscale/contract/users';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';

/** SPEC §4 presence: 'searching' while on /game, 'logged_in' on any other protected page. */
export function statusForPath(pathname: string): StatusBody['status'] {
  return pathname === '/game' ? 'searching' : 'logged_in';
}

export function usePresenceReporter(): void {
  const { user } = useSession();
  const { pathname } = useLocation();
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    const body: StatusBody = { status: statusForPath(pathname) };
    api('PUT', `/api/users/${userId}/status`, { body }).catch(() => {
      // Presence is best effort; the next page change sends it again.
    });
  }, [pathname, userId]);
}
