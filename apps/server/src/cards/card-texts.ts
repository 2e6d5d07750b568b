import { AWARD_IDS, type AwardId, type GameState } from '@beerscale/contract/game-state';
import type { Language } from '@beerscale/contract/profile';
import type { PenaltyDrink, RulePresetName, Scoring } from '@beerscale/contract/rules';
import { text } from '../i18n/catalogue';
import { awardKeys } from '../game/play/awards-words';

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
  /** The house rules' name: "Bundeswiega", "Classic"; custom rules as "Custom". */
  preset: (name: RulePresetName) => string;
  /** The day the game was played, in the card's language and the server's time zone. */
  date: (when: Date) => string;
  /** A player's penalties in their own penalty drink: "2 Schnaps", "1 sip". */
  penalties: (count: number, drink: PenaltyDrink) => string;
  /** The mark of a disqualified player. */
  out: string;
  /** The scoring's name, said once over the figures: "Mean + penalties", "Points". */
  scoring: (scoring: Scoring) => string;
  /**
   * The figure the game's scoring ranks by, as the results show it under the scoring's name:
   * "avg 6.0 g", "9.0" (mean + penalties), "34 g" (golf), "12 Points", "2 Marks".
   */
  score: (scoring: Scoring, score: number) => string;
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
    preset: (name) => t(`rules.preset.${name}`),
    date: (when) => when.toLocaleDateString(language, { dateStyle: 'long' }),
    penalties: (count, drink) =>
      t(drink === 'spirit' ? 'rules.penaltySpirits' : 'rules.penaltySips', { count }),
    out: t('rules.out'),
    scoring: (scoring) => t(`rules.scoring.${scoring}`),
    score: (scoring, score) => {
      const number = (digits: number) =>
        score.toLocaleString(language, {
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        });
      switch (scoring) {
        case 'mean':
          return t('card.mean', { grams: number(1) });
        case 'mean-penalties':
          return number(1);
        case 'golf':
          return `${number(0)} g`;
        case 'points':
        case 'marks':
          return `${number(0)} ${t(`rules.scoring.${scoring}.count`, { count: score })}`;
      }
    },
  };
}

export const CARD_TEXTS: Record<Language, CardTexts> = {
  en: fromCatalogue('en'),
  de: fromCatalogue('de'),
};

/**
 * The card's words for one game: the awards worded as the game's screens word them (the most
 * penalties award in the game's penalty drinks: game/play/awards-words.ts).
 */
export function cardTextsFor(language: Language, game: Pick<GameState, 'players'>): CardTexts {
  const words = (id: AwardId) => awardKeys(id, game.players);
  return {
    ...CARD_TEXTS[language],
    award: Object.fromEntries(
      AWARD_IDS.map((id) => [id, text(language, words(id).title)]),
    ) as Record<AwardId, string>,
    awardValue: (id, value, formatted) =>
      text(language, words(id).value, { count: value, value: formatted }),
  };
}
