import { Crosshair, Droplets, Gauge, Medal, ShieldAlert, Target, TrendingUp } from 'lucide-react';
import { gamePenaltyDrink } from '@beerscale/contract/drinks';
import type { AwardId, GameAward, GameState } from '@beerscale/contract/game-state';
import { formatNumber } from '../i18n/format';
import { useT, type TextKey } from '../i18n/use-t';

/** Each game award's icon, wherever awards are listed (a game's, a tournament night's). */
export const AWARD_ICONS: Record<AwardId, typeof Medal> = {
  sniper: Crosshair,
  closest: Target,
  biggestMiss: ShieldAlert,
  steadiest: Gauge,
  biggestSip: Droplets,
  mostPenalties: Medal,
  comeback: TrendingUp,
};

/**
 * An award's title and value as the game words them. The most penalties award counts in the
 * game's penalty drink, as the tally and the results do: "Most sips" / "3 sips" in a game played
 * for sips, "3 Schnaps" under a neutral "Most penalties" in one played for Schnaps (the award
 * never celebrates spirits), "Most penalties" / "3 penalties" when some drink Schnaps and
 * others sips. The result card words them the same (server: game/play/awards-words.ts).
 */
export function awardTexts(
  t: ReturnType<typeof useT>['t'],
  id: AwardId,
  value: number,
  game: Pick<GameState, 'players'>,
): { title: string; value: string } {
  const values = { count: value, value: formatNumber(value, Number.isInteger(value) ? 0 : 1) };
  if (id !== 'mostPenalties') {
    return {
      title: t(`awards.${id}` as TextKey),
      value: t(`awards.${id}.value` as TextKey, values),
    };
  }
  const drink = gamePenaltyDrink(game.players);
  if (drink === 'sip') {
    return { title: t('awards.mostPenalties.sip'), value: t('rules.penaltySips', values) };
  }
  return {
    title: t('awards.mostPenalties'),
    value: t(drink === 'spirit' ? 'rules.penaltySpirits' : 'awards.mostPenalties.value', values),
  };
}

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
          const Icon = AWARD_ICONS[id];
          const texts = awardTexts(t, id, holders[0]?.value ?? 0, game);
          return (
            <li
              key={id}
              data-award={id}
              className="flex items-start gap-3 rounded-2xl bg-malt-800/60 px-3 py-3"
            >
              <Icon className="mt-0.5 size-6 shrink-0 text-amber-400" aria-hidden />
              <span className="min-w-0">
                <span className={`block font-bold ${large ? 'text-xl' : ''}`}>{texts.title}</span>
                <span className="block wrap-anywhere">
                  {holders.map((h) => nameOf(h.playerId)).join(' · ')}
                </span>
                <span className="block text-sm text-foam-400">{texts.value}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
