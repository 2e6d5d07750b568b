const EN_SUFFIX: Record<Intl.LDMLPluralRule, string> = {
  zero: 'th',
  one: 'st',
  two: 'nd',
  few: 'rd',
  many: 'th',
  other: 'th',
};

/** A place in a game: "4th" in English, "4." in German (never "#4", which reads like an id). */
export function ordinal(place: number, language: string): string {
  if (language.startsWith('de')) return `${place}.`;
  return `${place}${EN_SUFFIX[new Intl.PluralRules('en', { type: 'ordinal' }).select(place)]}`;
}
