import { Home, LogOut, Play, Trophy, User } from 'lucide-react';
import { NavLink, Outlet } from 'react-router';
import { useGameEvents } from '../features/game-events/use-game-events';
import { usePresenceReporter } from '../features/presence/use-presence-reporter';
import { useSession } from '../lib/session-context';
import { Brand } from './brand';

const NAV = [
  { to: '/home', label: 'Home', icon: Home },
  { to: '/dashboard', label: 'Leaderboard', icon: Trophy },
  { to: '/game', label: 'Play', icon: Play },
] as const;

/** SPEC §2: top navigation on desktop, bottom navigation (with Profile) on phones. */
export function ProtectedShell() {
  const { signOut } = useSession();
  usePresenceReporter();
  useGameEvents();

  return (
    <div className="min-h-dvh pb-24 md:pb-10">
      <header className="sticky top-0 z-20 border-b border-malt-800 bg-malt-950/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between px-4">
          <Brand to="/home" />
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            {NAV.map(({ to, label, icon: Icon }) => (
              <NavLink key={to} to={to} end className={topLinkClass}>
                <Icon className="size-4" aria-hidden />
                {label}
              </NavLink>
            ))}
            <button
              type="button"
              onClick={() => void signOut()}
              className={`${topLinkBase} text-foam-200`}
            >
              <LogOut className="size-4" aria-hidden />
              Logout
            </button>
          </nav>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-6">
        <Outlet />
      </main>
      <nav
        aria-label="Mobile"
        className="fixed inset-x-0 bottom-0 z-20 border-t border-malt-800 bg-malt-950/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
      >
        <ul className="mx-auto grid max-w-md grid-cols-5">
          {[...NAV, { to: '/profile', label: 'Profile', icon: User } as const].map(
            ({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink to={to} end className={bottomLinkClass}>
                  <Icon className="size-5" aria-hidden />
                  {label}
                </NavLink>
              </li>
            ),
          )}
          <li>
            <button
              type="button"
              onClick={() => void signOut()}
              className={`${bottomLinkBase} w-full text-foam-400`}
            >
              <LogOut className="size-5" aria-hidden />
              Logout
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}

const topLinkBase =
  'inline-flex min-h-10 items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold transition hover:bg-malt-800';
const topLinkClass = ({ isActive }: { isActive: boolean }) =>
  `${topLinkBase} ${isActive ? 'bg-malt-800 text-amber-400' : 'text-foam-200'}`;
const bottomLinkBase =
  'flex min-h-16 flex-col items-center justify-center gap-1 text-[11px] font-semibold transition';
const bottomLinkClass = ({ isActive }: { isActive: boolean }) =>
  `${bottomLinkBase} ${isActive ? 'text-amber-400' : 'text-foam-400'}`;
