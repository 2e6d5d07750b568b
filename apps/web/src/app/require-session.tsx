import { useEffect, useState, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { FullPageSpinner } from '../components/full-page-spinner';
import { forgetTarget, rememberTarget } from '../lib/redirect';
import { useUrl } from '../lib/router';
import { useSession } from '../lib/session-context';

/**
 * Protected routes (docs/ARCHITECTURE.md, Routes and guards). A visitor without a session goes to /
 * and the wanted URL (path, query and hash) is remembered for after login. When a session ends on
 * this page (logout, refused token), the session itself navigates (to / or /login), so this guard
 * stays out of it.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useUrl();
  // Mounted without a session means a visitor; mounted with one means it may end here later.
  const [hadSession] = useState(() => status !== 'offline');

  useEffect(() => {
    // While a stored token is being checked the URL is kept too: if the token turns out dead,
    // the user signs in again (a dead token sends them to /login) and comes back here.
    if (status === 'checking') rememberTarget(location);
    // Arrived: the memory has done its job.
    if (status === 'logged_in') forgetTarget();
  }, [status, location]);

  if (status === 'logged_in') return children;
  if (status === 'checking') return <FullPageSpinner />;
  if (hadSession) return null;
  return <LeaveFor location={location} />;
}

function LeaveFor({ location }: { location: ReturnType<typeof useUrl> }) {
  useEffect(() => rememberTarget(location), [location]);
  return <Redirect to="/" replace />;
}
