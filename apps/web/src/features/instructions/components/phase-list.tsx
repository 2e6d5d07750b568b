import { Droplets, Scale, Target, Users } from 'lucide-react';
import type { TextKey } from '../../../i18n/use-t';
import { useT } from '../../../i18n/use-t';

const PHASES = [
  {
    title: 'howto.setup.title',
    icon: Users,
    text: 'howto.setup.text',
  },
  {
    title: 'howto.initial.title',
    icon: Scale,
    text: 'howto.initial.text',
  },
  {
    title: 'howto.drinking.title',
    icon: Droplets,
    text: 'howto.drinking.text',
  },
  {
    title: 'howto.scoring.title',
    icon: Target,
    text: 'howto.scoring.text',
  },
] as const satisfies readonly { title: TextKey; icon: unknown; text: TextKey }[];

/** The instructions' four phases of a game, in order (docs/RULES.md, The game in every preset). */
export function PhaseList() {
  const { t } = useT();
  return (
    <ol className="grid gap-4 md:grid-cols-2">
      {PHASES.map(({ title, icon: Icon, text }, index) => (
        <li key={title} className="card flex gap-4">
          <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-amber-400/15 text-amber-300">
            <Icon className="size-6" aria-hidden />
          </span>
          <div>
            <span className="text-sm font-bold tracking-wide text-amber-300 uppercase">
              {t('howto.phase', { n: index + 1 })}
            </span>
            <h3 className="text-xl font-bold">{t(title)}</h3>
            <p className="mt-1.5 text-foam-200">{t(text)}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
