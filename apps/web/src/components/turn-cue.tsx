import { BellRing } from 'lucide-react';
import { useT } from '../i18n/use-t';

/** The visible half of the turn cue (the vibration is `useTurnCue`): large, across a table. */
export function TurnCue() {
  const { t } = useT();
  return (
    <section
      role="status"
      aria-live="assertive"
      className="flex items-center gap-3 rounded-3xl border-2 border-amber-300 bg-amber-400 px-5 py-4 text-malt-950 shadow-xl shadow-amber-500/25 motion-safe:animate-pulse"
    >
      <BellRing className="size-8 shrink-0" aria-hidden />
      <p>
        <span className="block text-2xl font-black">{t('turn.yours')}</span>
        <span className="font-semibold">{t('turn.instruction')}</span>
      </p>
    </section>
  );
}
