import { Outlet } from 'react-router';
import { SessionProvider } from './session-provider';

/** The session needs the router (it navigates on logout), so it lives inside it. */
export function RootLayout() {
  return (
    <SessionProvider>
      <Outlet />
    </SessionProvider>
  );
}
