import { LogOut } from 'lucide-react';
import { NavLink } from '../lib/router';
import { MOBILE_NAV } from './nav-items';
import { useSignOut } from './use-sign-out';
import { useT } from '../i18n/use-t';

/** Phone navigation: Home, Leaderboard, Groups, Play, Profile and Logout, at the thumb. */
export function BottomNav() {
  const { signOut, busy } = useSignOut();
  const { t } = useT();
  return (
    <nav
      aria-label={t('nav.mobile')}
      // index.css keeps what the browser scrolls into view (a focused field) clear of this bar.
      data-bottom-nav
      className="fixed inset-x-0 bottom-0 z-20 border-t border-malt-800 bg-malt-950/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      {/* A column is never narrower than its label (1fr floors at the label's width, where
          grid-cols-6 would let "Leaderboard" spill onto its neighbours at 320 px). */}
      <ul className="mx-auto grid max-w-lg grid-cols-[repeat(6,1fr)]">
        {MOBILE_NAV.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink to={to} className={linkClass}>
              {({ isActive }) => (
                <>
                  <span
                    className={`grid h-8 w-11 place-items-center rounded-full transition ${
                      isActive ? 'bg-amber-400/20' : ''
                    }`}
                  >
                    <Icon className="size-5" aria-hidden />
                  </span>
                  {t(label)}
                </>
              )}
            </NavLink>
          </li>
        ))}
        <li>
          <button
            type="button"
            onClick={signOut}
            disabled={busy}
            className={`${base} w-full text-foam-400 disabled:opacity-60`}
          >
            <span className="grid h-8 w-11 place-items-center">
              <LogOut className="size-5" aria-hidden />
            </span>
            {t('nav.logout')}
          </button>
        </li>
      </ul>
    </nav>
  );
}

// Six labels: below 390 px they are a little smaller, and a label never breaks inside its word.
const base =
  'flex min-h-16 flex-col items-center justify-center gap-0.5 px-0.5 pt-1.5 pb-1 text-center text-[10px] leading-tight font-semibold whitespace-nowrap transition min-[390px]:text-[11px]';
const linkClass = ({ isActive }: { isActive: boolean }) =>
  `${base} ${isActive ? 'text-amber-300' : 'text-foam-400 hover:text-foam-200'}`;
