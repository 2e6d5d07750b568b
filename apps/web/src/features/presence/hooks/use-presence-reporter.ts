import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useSession } from '../../../lib/session-context';
import { useUpdateStatus } from '../api/update-status';
import { statusForPath } from '../utils/status-for-path';

/**
 * The user's status follows the page, sent on each page change (docs/ARCHITECTURE.md, Live
 * channel and presence). Best effort: a failed
 * call is not shown, the next page change sends it again.
 */
export function usePresenceReporter(): void {
  const { userId } = useSession();
  const [pathname] = useLocation();
  const { mutate } = useUpdateStatus();
  useEffect(() => {
    if (userId) mutate({ userId, status: statusForPath(pathname) });
  }, [pathname, userId, mutate]);
}
