import { LogOut } from 'lucide-react';
import { NavLink } from '../lib/router';
import { MAIN_NAV } from './nav-items';
import { useSignOut } from './use-sign-out';
import { useT } from '../i18n/use-t';

/** Desktop navigation: Home, Leaderboard, Play and Logout, in the header. */
export function TopNav() {
  const { signOut, busy } = useSignOut();
  const { t } = useT();
  return (
    <nav aria-label={t('nav.main')} className="hidden items-center gap-1 md:flex">
      {MAIN_NAV.map(({ to, label, icon: Icon }) => (
        <NavLink key={to} to={to} className={linkClass}>
          <Icon className="size-4" aria-hidden />
          {t(label)}
        </NavLink>
      ))}
      <button
        type="button"
        onClick={signOut}
        disabled={busy}
        className={`${base} ml-2 border border-malt-700 text-foam-200 hover:border-malt-600 hover:text-foam-50 disabled:opacity-60`}
      >
        <LogOut className="size-4" aria-hidden />
        {t('nav.logout')}
      </button>
    </nav>
  );
}

const base =
  'inline-flex min-h-11 items-center gap-2 rounded-xl px-4 py-2 text-sm font-semibold transition';
const linkClass = ({ isActive }: { isActive: boolean }) =>
  `${base} ${
    isActive
      ? 'bg-amber-400/15 text-amber-300'
      : 'text-foam-200 hover:bg-malt-800 hover:text-foam-50'
  }`;
