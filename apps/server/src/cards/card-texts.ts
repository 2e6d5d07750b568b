import { AWARD_IDS, type AwardId } from '@beerscale/contract/game-state';
import type { Language } from '@beerscale/contract/profile';
import { text } from '../i18n/catalogue';

/** The result card's words in each language: the app's catalogues, as the screens say them. */
export interface CardTexts {
  fastGame: string;
  finalResults: string;
  live: (round: number, of: number) => string;
  setUp: string;
  cancelled: string;
  mean: (grams: string) => string;
  exact: (count: number) => string;
  awards: string;
  award: Record<AwardId, string>;
  awardValue: (id: AwardId, value: number, formatted: string) => string;
  number: (value: number, digits: number) => string;
}

/** The card's words in `language`, from the app's catalogues (the screens' own keys). */
function fromCatalogue(language: Language): CardTexts {
  const t = (key: string, values?: Record<string, string | number>) => text(language, key, values);
  return {
    fastGame: t('game.fastName'),
    finalResults: t('live.finalResults'),
    live: (round, of) => t('card.live', { round, total: of }),
    setUp: t('card.setUp'),
    cancelled: t('card.cancelled'),
    mean: (grams) => t('card.mean', { grams }),
    exact: (count) => t('live.exact', { count }),
    awards: t('awards.title'),
    award: Object.fromEntries(AWARD_IDS.map((id) => [id, t(`awards.${id}`)])) as Record<
      AwardId,
      string
    >,
    awardValue: (id, value, formatted) =>
      t(`awards.${id}.value`, { count: value, value: formatted }),
    number: (value, digits) =>
      value.toLocaleString(language, {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }),
  };
}

export const CARD_TEXTS: Record<Language, CardTexts> = {
  en: fromCatalogue('en'),
  de: fromCatalogue('de'),
};
