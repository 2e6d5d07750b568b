import { lazy, Suspense, useState, type ReactNode } from 'react';
import { restLoaded } from '../i18n/i18n';
import { useSession } from '../lib/session-context';
import { SessionProvider } from './session-provider';

// react-toastify queues toasts raised before its container mounts, so the container can come in
// its own chunk. It names its region in the reader's language, so it waits for the reader's
// texts as the screens do (lazy-page.tsx): on a reload of a signed-in page it could otherwise
// come before any language was active.
const ToastHost = lazy(() =>
  Promise.all([import('./toast-host'), restLoaded()]).then(([host]) => host),
);

/** Everything the routes need around them. Lives inside the router: the session navigates. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <SessionProvider>
      {children}
      <Toasts />
    </SessionProvider>
  );
}

/**
 * Toasts only ever speak to a session (game events, logout trouble), so a visitor's landing
 * page does not load them. Once a session has existed the container stays, so a notice raised
 * while signing out is still shown on /.
 */
function Toasts() {
  const { status } = useSession();
  const [wanted, setWanted] = useState(false);
  if (!wanted && status !== 'offline') setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}
