import { lazy, Suspense, type ReactNode } from 'react';
import { SessionProvider } from './session-provider';

// react-toastify queues toasts raised before its container mounts, so the container can arrive
// in its own chunk, after the first paint.
const ToastHost = lazy(() => import('./toast-host'));

/** Everything the routes need around them. Lives inside the router: the session navigates. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <SessionProvider>
      {children}
      <Suspense fallback={null}>
        <ToastHost />
      </Suspense>
    </SessionProvider>
  );
}
