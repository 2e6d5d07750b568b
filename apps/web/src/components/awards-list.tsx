import { Crosshair, Droplets, Gauge, Medal, ShieldAlert, Target, TrendingUp } from 'lucide-react';
import type { AwardId, GameAward, GameState } from '@beerscale/contract/game-state';
import { formatNumber } from '../i18n/format';
import { useT, type TextKey } from '../i18n/use-t';

const ICONS: Record<AwardId, typeof Medal> = {
  sniper: Crosshair,
  closest: Target,
  biggestMiss: ShieldAlert,
  steadiest: Gauge,
  biggestSip: Droplets,
  mostPenalties: Medal,
  comeback: TrendingUp,
};

/** The awards of a completed game, one card per award, its holders together (ties share). */
export function AwardsList({ game, large = false }: { game: GameState; large?: boolean }) {
  const { t } = useT();
  const groups = new Map<AwardId, GameAward[]>();
  for (const award of game.awards) groups.set(award.id, [...(groups.get(award.id) ?? []), award]);
  if (groups.size === 0) return null;
  const nameOf = (id: number) => game.players.find((p) => p.id === id)?.playerName ?? '';
  return (
    <section aria-label={t('awards.title')} className="card">
      <h2 className={`font-black ${large ? 'text-3xl' : 'text-xl'}`}>{t('awards.title')}</h2>
      <ul
        className={`mt-3 grid gap-2 ${large ? 'sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4' : 'sm:grid-cols-2'}`}
      >
        {[...groups].map(([id, holders]) => {
          const Icon = ICONS[id];
          const value = holders[0]?.value ?? 0;
          return (
            <li
              key={id}
              data-award={id}
              className="flex items-start gap-3 rounded-2xl bg-malt-800/60 px-3 py-3"
            >
              <Icon className="mt-0.5 size-6 shrink-0 text-amber-400" aria-hidden />
              <span className="min-w-0">
                <span className={`block font-bold ${large ? 'text-xl' : ''}`}>
                  {t(`awards.${id}` as TextKey)}
                </span>
                <span className="block wrap-anywhere">
                  {holders.map((h) => nameOf(h.playerId)).join(' · ')}
                </span>
                <span className="block text-sm text-foam-400">
                  {t(`awards.${id}.value` as TextKey, {
                    count: value,
                    value: formatNumber(value, Number.isInteger(value) ? 0 : 1),
                  })}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
