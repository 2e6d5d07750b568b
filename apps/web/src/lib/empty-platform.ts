/**
 * Readings this close to zero, or below it (a container being lifted off a tared platform),
 * show an empty platform: a table never sees "-49 g".
 */
export const EMPTY_BELOW_GRAMS = 5;

export const isEmptyPlatform = (grams: number) => grams < EMPTY_BELOW_GRAMS;
