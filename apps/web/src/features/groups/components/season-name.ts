import type { Season } from '@beerscale/contract/groups';
import type { t as translate } from '../../../i18n/use-t';

/** A season by its name, or "Season N" when it has none. */
export function seasonName(t: typeof translate, season: Pick<Season, 'name' | 'number'>): string {
  return season.name ?? t('groups.seasonN', { number: season.number });
}

/** Whole days since the season started (day 1 is its first day). */
export function seasonDay(startedAt: string, now = Date.now()): number {
  return Math.floor((now - new Date(startedAt).getTime()) / 86_400_000) + 1;
}
