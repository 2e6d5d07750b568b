import { Beer, CupSoda, GlassWater, Wine } from 'lucide-react';
import type { Drink } from '@beerscale/contract/drinks';
import type { GamePlayerState } from '@beerscale/contract/game-state';
import { formatNumber } from '../../i18n/format';
import { useT } from '../../i18n/use-t';

const ICONS = { beer: Beer, 'alcohol-free': CupSoda, water: GlassWater, other: Wine } as const;

/** A player's drink as a small icon beside the name; its name and strength as the tooltip. */
export function DrinkIcon({ drink, className = '' }: { drink: Drink; className?: string }) {
  const { t } = useT();
  const Icon = ICONS[drink.kind];
  const label = `${t(`drinks.kind.${drink.kind}`)} ${formatNumber(drink.abv, 1)} %`;
  return (
    <span role="img" aria-label={label} title={label} className={`inline-flex ${className}`}>
      <Icon className="size-4 text-foam-400" aria-hidden />
    </span>
  );
}

/** What the scale weighed the player drink: grams, alcohol, standard drinks (results). */
export function DrankLine({ player }: { player: GamePlayerState }) {
  const { t } = useT();
  return (
    <span className="block text-xs text-foam-400" data-testid="result-drank">
      {t('drinks.line', {
        grams: formatNumber(player.drankGrams),
        alcohol: formatNumber(player.alcoholGrams, 1),
        standard: formatNumber(player.standardDrinks, 1),
      })}
    </span>
  );
}
