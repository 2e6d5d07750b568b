import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { FullPageSpinner } from './full-page-spinner';
import { PublicOnly, RequireSession } from './guards';
import { ProtectedShell } from './protected-shell';
import { RootLayout } from './root-layout';

// Every screen is its own chunk: the landing page loads only what it shows.
function page(load: () => Promise<{ default: ComponentType }>) {
  const Screen = lazy(load);
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Screen />
    </Suspense>
  );
}

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: '/', element: page(() => import('../routes/landing')) },
          { path: '/login', element: page(() => import('../routes/login')) },
          { path: '/register', element: page(() => import('../routes/register')) },
        ],
      },
      // The guide is useful before and after signing in, so both may read it.
      { path: '/game/instructions', element: page(() => import('../routes/instructions')) },
      {
        element: <RequireSession />,
        children: [
          {
            element: <ProtectedShell />,
            children: [
              { path: '/home', element: page(() => import('../routes/home')) },
              { path: '/dashboard', element: page(() => import('../routes/dashboard')) },
              { path: '/game', element: page(() => import('../routes/game')) },
              { path: '/scale-settings', element: page(() => import('../routes/scale-settings')) },
              { path: '/live', element: page(() => import('../routes/live')) },
              { path: '/profile', element: page(() => import('../routes/profile')) },
              { path: '/admin', element: page(() => import('../routes/admin')) },
              // SPEC lists /layout as protected without content: it is the shell itself.
              { path: '/layout', element: <Navigate to="/home" replace /> },
            ],
          },
        ],
      },
      { path: '*', element: page(() => import('../routes/not-found')) },
    ],
  },
]);
