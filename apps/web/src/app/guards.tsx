import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { peekTarget, rememberTarget } from '../lib/redirect';
import { useSession } from '../lib/session-context';
import { FullPageSpinner } from './full-page-spinner';

/** SPEC §2: unauthenticated visitors of a protected route go to /, and the URL is remembered. */
export function RequireSession() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'checking') return <FullPageSpinner />;
  if (status !== 'logged_in') {
    rememberTarget(location);
    return <Navigate to="/" replace />;
  }
  return <Outlet />;
}

/**
 * SPEC §2: a logged-in user opening a public route goes to the saved target, or /home. Someone
 * who signs in on this page is sent on by the login form itself, which knows the target; this
 * guard must not race it with a second redirect.
 */
export function PublicOnly() {
  const { status } = useSession();
  const [openedSignedOut] = useState(status === 'offline');
  if (status === 'checking') return <FullPageSpinner />;
  if (status === 'logged_in' && !openedSignedOut) return <Navigate to={peekTarget()} replace />;
  return <Outlet />;
}
