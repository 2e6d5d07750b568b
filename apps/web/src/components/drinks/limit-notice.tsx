import { GlassWater } from 'lucide-react';
import type { GamePlayerState } from '@beerscale/contract/game-state';
import { useT } from '../../i18n/use-t';

/**
 * A calm word on a player who reached the limit they set for the evening (Profile): it suggests
 * water, nothing more. Shown only when the game state says `limitReached`.
 */
export function LimitNotice({
  player,
  className = '',
}: {
  player: Pick<GamePlayerState, 'limitReached'>;
  className?: string;
}) {
  const { t } = useT();
  if (!player.limitReached) return null;
  return (
    <span
      className={`flex basis-full items-center gap-1 font-normal text-sky-200 ${className}`}
      data-testid="limit-notice"
    >
      <GlassWater className="size-4 shrink-0" aria-hidden />
      {t('drinks.limitReached')}
    </span>
  );
}
