import { Suspense, type ReactNode } from 'react';
import { NavLink } from '../lib/router';
import { Brand } from '../components/brand';
import { SectionSpinner } from '../components/section-spinner';
import { useSavedGameCheck } from '../features/saved-game/use-saved-game-check';
import { usePresenceReporter } from '../features/presence/hooks/use-presence-reporter';
import { useSession } from '../lib/session-context';
import { BottomNav } from './bottom-nav';
import { QueryProvider } from './query-provider';
import { useRealtimeSync } from './realtime-sync';
import { TopNav } from './top-nav';
import { useT } from '../i18n/use-t';
import { LanguageSwitch } from '../components/language-switch';
import { useLanguageSync } from '../features/profile/use-language-sync';

/** The frame of every protected screen: header with the desktop navigation, bottom bar on phones. */
export default function ProtectedShell({ children }: { children: ReactNode }) {
  return (
    <QueryProvider>
      <ShellFrame>{children}</ShellFrame>
    </QueryProvider>
  );
}

function ShellFrame({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const { t } = useT();
  usePresenceReporter();
  useRealtimeSync();
  useSavedGameCheck();
  useLanguageSync();

  return (
    <div className="min-h-dvh pb-28 md:pb-12">
      <header className="sticky top-0 z-20 border-b border-malt-800 bg-malt-950/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-2 px-4 md:gap-4">
          <Brand to="/home" compact />
          <div className="flex min-w-0 items-center gap-2 md:gap-3">
            <LanguageSwitch />
            {user && (
              // The way to the profile (and from there /admin) on desktop, where the top
              // navigation has no Profile item. The link is a finger's height (44 px);
              // the pill inside it stays slim, and on a 390 px phone holds a ten-letter name.
              <NavLink
                to="/profile"
                title={t('nav.yourProfile')}
                className="group block min-w-0 rounded-full py-2"
              >
                {({ isActive }) => (
                  <span
                    className={`block max-w-32 truncate rounded-full px-3 py-1 text-sm font-semibold transition md:max-w-40 ${
                      isActive
                        ? 'bg-amber-400/15 text-amber-300'
                        : 'bg-malt-800 text-foam-200 group-hover:bg-malt-700 group-hover:text-foam-50'
                    }`}
                  >
                    {user.playerName}
                  </span>
                )}
              </NavLink>
            )}
            <TopNav />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-6 md:py-10">
        <Suspense fallback={<SectionSpinner />}>{children}</Suspense>
      </main>
      <BottomNav />
    </div>
  );
}
