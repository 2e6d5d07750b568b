import { Medal } from 'lucide-react';
import { AWARD_IDS, type AwardId } from '@beerscale/contract/game-state';
import type { TournamentReply } from '@beerscale/contract/tournaments';
import { AWARD_ICONS } from '../../../components/awards-list';
import { useT, type TextKey } from '../../../i18n/use-t';

/** Gold, silver and bronze. */
const MEDAL_COLOURS = ['text-amber-400', 'text-foam-200', 'text-amber-700'] as const;

/** The night's top three (shared places share a step), largest on a TV (`large`). */
export function Podium({ reply, large = false }: { reply: TournamentReply; large?: boolean }) {
  const { t } = useT();
  const top = reply.standings.filter((s) => s.place <= 3);
  if (top.length === 0) return null;
  return (
    <section aria-label={t('tournaments.podium')} className={`card ${large ? 'p-4 md:p-4' : ''}`}>
      <h2 className={`font-black ${large ? 'text-3xl' : 'text-xl'}`}>{t('tournaments.podium')}</h2>
      <ol className={`mt-3 grid gap-3 ${large ? 'grid-cols-3' : 'sm:grid-cols-3'}`}>
        {top.map((s) => (
          <li
            key={s.entryId}
            data-testid="podium-place"
            className={`rounded-2xl px-4 py-3 text-center ${
              s.place === 1 ? 'bg-amber-400/20 ring-2 ring-amber-400' : 'bg-malt-800/60'
            }`}
          >
            <Medal
              className={`mx-auto ${large ? 'size-10' : 'size-9'} ${MEDAL_COLOURS[s.place - 1]}`}
              aria-hidden
            />
            <span className={`block font-black wrap-anywhere ${large ? 'text-3xl' : 'text-xl'}`}>
              {s.name}
            </span>
            <span className={`block text-amber-300 ${large ? 'text-2xl' : ''}`}>
              {t('tournaments.pointsCount', { count: s.points })}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

const isAwardId = (kind: string): kind is AwardId =>
  (AWARD_IDS as readonly string[]).includes(kind);

/** The night's awards: each game award, its holders and in how many games they won it. */
export function NightAwards({ reply, large = false }: { reply: TournamentReply; large?: boolean }) {
  const { t } = useT();
  const kinds = new Map<string, TournamentReply['awards']>();
  for (const award of reply.awards)
    kinds.set(award.kind, [...(kinds.get(award.kind) ?? []), award]);
  if (kinds.size === 0) return null;
  return (
    <section aria-label={t('tournaments.awards')} className={`card ${large ? 'p-4 md:p-4' : ''}`}>
      <h2 className={`font-black ${large ? 'text-3xl' : 'text-xl'}`}>{t('tournaments.awards')}</h2>
      <ul className={`mt-3 grid gap-2 ${large ? 'grid-cols-2' : 'sm:grid-cols-2'}`}>
        {[...kinds].map(([kind, holders]) => {
          const Icon = isAwardId(kind) ? AWARD_ICONS[kind] : Medal;
          return (
            <li
              key={kind}
              data-award={kind}
              className={`flex items-start gap-3 rounded-2xl bg-malt-800/60 px-3 ${large ? 'py-2' : 'py-3'}`}
            >
              <Icon
                className={`mt-0.5 shrink-0 text-amber-400 ${large ? 'size-8' : 'size-6'}`}
                aria-hidden
              />
              <span className={`min-w-0 ${large ? 'text-2xl' : ''}`}>
                <span className={`block font-bold ${large ? 'text-2xl' : ''}`}>
                  {isAwardId(kind) ? t(`awards.${kind}` as TextKey) : kind}
                </span>
                <span className="block wrap-anywhere">
                  {holders
                    .map((h) => t('tournaments.awardHolder', { name: h.name, count: h.count }))
                    .join(' · ')}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
