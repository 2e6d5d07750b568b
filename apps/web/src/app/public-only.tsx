import { useEffect, useState, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { FullPageSpinner } from '../components/full-page-spinner';
import { forgetTarget, peekTarget } from '../lib/redirect';
import { useSession } from '../lib/session-context';

/**
 * Landing, login and registration are for visitors. A signed-in user who opens one
 * goes to the remembered target, or /home. This is also how a successful login moves on: the
 * form only starts the session, and this guard sends the user where they wanted to be.
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'checking') return <FullPageSpinner />;
  if (status === 'logged_in') return <ToTarget />;
  return children;
}

/**
 * The remembered target is used once: forgotten as the user is sent there, not only when the
 * protected page has arrived (its chunk may still be loading when the user opens /login again,
 * which must then mean /home).
 */
function ToTarget() {
  const [target] = useState(peekTarget);
  useEffect(forgetTarget, []);
  return <Redirect to={target} replace />;
}
