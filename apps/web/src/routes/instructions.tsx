import { useState } from 'react';
import { useLocation } from 'wouter';
import { BackLink } from '../components/back-link';
import { Brand } from '../components/brand';
import { LanguageSwitch } from '../components/language-switch';
import { PhaseList } from '../features/instructions/components/phase-list';
import { HouseRules } from '../features/instructions/components/house-rules';
import { PlayResponsibly } from '../features/instructions/components/play-responsibly';
import { useSiteLinks } from '../features/auth/api/site-links';
import {
  PREREQUISITES,
  PrerequisiteChecklist,
  type PrerequisiteId,
} from '../features/instructions/components/prerequisite-checklist';
import { useSession } from '../lib/session-context';
import { useT } from '../i18n/use-t';

export default function Instructions() {
  const { status } = useSession();
  const [, navigate] = useLocation();
  const { t } = useT();
  const { helpUrl } = useSiteLinks();
  const [checked, setChecked] = useState<ReadonlySet<PrerequisiteId>>(new Set());
  const ready = PREREQUISITES.every(({ id }) => checked.has(id));
  const back = status === 'logged_in' ? '/home' : '/';

  const toggle = (id: PrerequisiteId, on: boolean) =>
    setChecked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <div className="min-h-dvh">
      {/* Friends new to the game land here from a shared link: they choose their language. */}
      <header className="mx-auto flex max-w-3xl items-center justify-between gap-2 px-4 py-4">
        <Brand to={back} />
        <div className="flex items-center gap-2 sm:gap-3">
          <LanguageSwitch />
          <BackLink to={back} label={t('howto.back')} />
        </div>
      </header>
      <main className="mx-auto max-w-3xl space-y-8 px-4 pt-4 pb-16">
        <div>
          <h1 className="text-3xl font-black tracking-tight md:text-4xl">{t('howto.title')}</h1>
          <p className="mt-2 text-lg text-foam-200">{t('howto.intro')}</p>
        </div>
        <section className="card" aria-labelledby="prereq-title">
          <h2 id="prereq-title" className="mb-4 text-xl font-bold">
            {t('howto.before')}
          </h2>
          <PrerequisiteChecklist checked={checked} onToggle={toggle} />
        </section>
        <section aria-labelledby="phases-title">
          <h2 id="phases-title" className="mb-4 text-xl font-bold">
            {t('howto.phases')}
          </h2>
          <PhaseList />
        </section>
        <HouseRules />
        <PlayResponsibly helpUrl={helpUrl} />
        <div className="space-y-2">
          <button
            type="button"
            className="btn-primary w-full text-lg"
            disabled={!ready}
            aria-describedby={ready ? undefined : 'start-hint'}
            onClick={() => navigate('/game')}
          >
            {t('howto.start')}
          </button>
          {!ready && (
            <p id="start-hint" className="text-center text-foam-400">
              {t('howto.hint')}
            </p>
          )}
        </div>
      </main>
    </div>
  );
}
