import { BookOpen, Radio, Trophy, Zap } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { Brand } from '../components/brand';
import { LanguageSwitch } from '../components/language-switch';
import type { TextKey } from '../i18n/use-t';
import { useT } from '../i18n/use-t';

const FEATURES = [
  {
    icon: Zap,
    title: 'landing.fast.title',
    text: 'landing.fast.text',
  },
  {
    icon: Trophy,
    title: 'landing.ranked.title',
    text: 'landing.ranked.text',
  },
  {
    icon: Radio,
    title: 'landing.live.title',
    text: 'landing.live.text',
  },
] as const satisfies readonly { icon: unknown; title: TextKey; text: TextKey }[];

// The operator's links come after the page: they would take its first load over 100 KB.
const SiteLinks = lazy(() =>
  import('../features/auth/components/site-links').then((m) => ({ default: m.SiteLinks })),
);

export default function Landing() {
  const { t } = useT();
  return (
    <div className="min-h-dvh">
      <header className="mx-auto flex max-w-5xl items-center justify-between gap-2 px-4 py-4">
        <Brand />
        <div className="flex items-center gap-2 sm:gap-3">
          <LanguageSwitch />
          {/* Phones have the hero's Sign in a little below: the brand needs the room. */}
          <Link to="/login" className="btn-secondary hidden min-h-10 px-4 text-sm sm:inline-flex">
            {t('landing.login')}
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 pb-16">
        <section className="py-10 text-center md:py-16">
          <p className="mb-3 text-sm font-semibold uppercase tracking-widest text-amber-400">
            {t('landing.kicker')}
          </p>
          <h1 className="mx-auto max-w-3xl text-4xl leading-tight font-black tracking-tight text-balance md:text-6xl">
            {t('landing.headline')}{' '}
            {/* Kept on one line where it fits: German's runs wider than a small phone. */}
            <span className="text-amber-400 sm:whitespace-nowrap">{t('landing.headlineWin')}</span>
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-lg text-foam-200">{t('landing.intro')}</p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Link to="/register" className="btn-primary w-full sm:w-auto">
              {t('landing.register')}
            </Link>
            <Link to="/login" className="btn-secondary w-full sm:w-auto">
              {t('landing.login')}
            </Link>
          </div>
        </section>
        <section aria-label={t('landing.features')} className="grid gap-4 md:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <article key={title} className="card">
              <span className="mb-4 grid size-11 place-items-center rounded-xl bg-amber-400/15 text-amber-400">
                <Icon className="size-6" aria-hidden />
              </span>
              <h2 className="text-lg font-bold">{t(title)}</h2>
              <p className="mt-2 text-foam-200">{t(text)}</p>
            </article>
          ))}
        </section>
        <section className="card mt-8 flex flex-col items-center gap-4 text-center md:flex-row md:text-left">
          <BookOpen className="size-10 shrink-0 text-amber-400" aria-hidden />
          <div className="flex-1">
            <h2 className="text-xl font-bold">{t('landing.newTitle')}</h2>
            <p className="text-foam-200">{t('landing.newText')}</p>
          </div>
          <Link to="/game/instructions" className="btn-primary w-full md:w-auto">
            {t('landing.howTo')}
          </Link>
        </section>
      </main>
      <footer className="mx-auto max-w-5xl px-4 pb-10">
        <Suspense fallback={null}>
          <SiteLinks />
        </Suspense>
      </footer>
    </div>
  );
}
