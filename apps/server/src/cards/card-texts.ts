import type { AwardId } from '@beerscale/contract/game-state';
import type { Language } from '@beerscale/contract/profile';

/** The result card's words in each language (the web's catalogues are the browser's). */
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

const plural = (count: number, one: string, other: string) => (count === 1 ? one : other);

const EN: CardTexts = {
  fastGame: 'Fast Game',
  finalResults: 'Final results',
  live: (round, of) => `Live · Round ${round} of ${of}`,
  setUp: 'Live · about to start',
  cancelled: 'Cancelled',
  mean: (grams) => `avg ${grams} g`,
  exact: (count) => `${count} exact`,
  awards: 'Awards',
  award: {
    sniper: 'Sniper',
    closest: 'Closest overall',
    biggestMiss: 'Biggest miss',
    steadiest: 'Steadiest hand',
    biggestSip: 'Biggest sip',
    mostPenalties: 'Most penalties',
    comeback: 'Comeback',
  },
  awardValue: (id, value, formatted) =>
    ({
      sniper: `${value} ${plural(value, 'exact match', 'exact matches')}`,
      closest: `${formatted} g off on average`,
      biggestMiss: `${formatted} g off in one round`,
      steadiest: `Spread of ${formatted} g`,
      biggestSip: `${formatted} g in one round`,
      mostPenalties: `${value} ${plural(value, 'penalty', 'penalties')}`,
      comeback: `Up ${value} ${plural(value, 'place', 'places')}`,
    })[id],
  number: (value, digits) =>
    value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits }),
};

const DE: CardTexts = {
  fastGame: 'Schnelles Spiel',
  finalResults: 'Endergebnis',
  live: (round, of) => `Live · Runde ${round} von ${of}`,
  setUp: 'Live · gleich geht’s los',
  cancelled: 'Abgebrochen',
  mean: (grams) => `Ø ${grams} g`,
  exact: (count) => `${count} Volltreffer`,
  awards: 'Auszeichnungen',
  award: {
    sniper: 'Scharfschütze',
    closest: 'Am nächsten dran',
    biggestMiss: 'Größter Ausreißer',
    steadiest: 'Ruhigste Hand',
    biggestSip: 'Größter Schluck',
    mostPenalties: 'Meiste Strafen',
    comeback: 'Comeback',
  },
  awardValue: (id, value, formatted) =>
    ({
      sniper: `${value} Volltreffer`,
      closest: `Im Schnitt ${formatted} g daneben`,
      biggestMiss: `${formatted} g daneben in einer Runde`,
      steadiest: `Streuung ${formatted} g`,
      biggestSip: `${formatted} g in einer Runde`,
      mostPenalties: `${value} ${plural(value, 'Strafe', 'Strafen')}`,
      comeback: `${value} ${plural(value, 'Platz', 'Plätze')} gutgemacht`,
    })[id],
  number: (value, digits) =>
    value.toLocaleString('de', { minimumFractionDigits: digits, maximumFractionDigits: digits }),
};

export const CARD_TEXTS: Record<Language, CardTexts> = { en: EN, de: DE };
