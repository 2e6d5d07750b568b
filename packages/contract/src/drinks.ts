import { z } from 'zod';
import type { PenaltyDrink } from './rules';

// What a player drinks (docs/RULES.md, "Drinks and responsible play"): the scale weighs every sip,
// so with the drink's strength the server can say honestly how much alcohol each player took.

export const DRINK_KINDS = ['beer', 'alcohol-free', 'water', 'other'] as const;
export type DrinkKind = (typeof DRINK_KINDS)[number];

/** Strength in percent by volume, one decimal. 15 % covers every beer and wine one sips from a glass. */
export const ABV = { min: 0, max: 15 } as const;

/** The strength a kind has when none is given. `other` has none: its strength must be said. */
export const DEFAULT_ABV: Readonly<Record<Exclude<DrinkKind, 'other'>, number>> = {
  beer: 5,
  'alcohol-free': 0.5,
  water: 0,
};

/**
 * Below this strength a drink is not an alcoholic drink (German food labelling: 1.2 % vol). Its
 * player's penalties are sips of their own drink, never spirits.
 */
export const ALCOHOLIC_FROM_ABV = 1.2;

/** Ethanol's density in g/ml: a gram of beer is taken as a millilitre. */
export const ETHANOL_G_PER_ML = 0.789;

/** One standard drink holds this many grams of alcohol. */
export const STANDARD_DRINK_GRAMS = 10;

/** An evening's limit a player may set, in standard drinks. */
export const EVENING_LIMIT = { min: 1, max: 30 } as const;

export const DRINK_MESSAGES = {
  drinkKindInvalid: "A drink's kind must be beer, alcohol-free, water or other",
  abvInvalid: 'Alcohol must be a number from 0 to 15 % with at most one decimal',
  otherNeedsAbv: 'Please give the alcohol content of the other drink',
  waterHasNoAlcohol: 'Water has no alcohol: its strength must be 0 %',
  alcoholFreeTooStrong: 'An alcohol-free drink has less than 1.2 % alcohol',
  eveningLimitInvalid: 'The evening limit must be a whole number of standard drinks from 1 to 30',
  ageNotConfirmed: 'Please confirm that you are at least 16 years old',
  drinkAfterStart: 'The drink can only be changed before the game starts',
} as const;

const oneDecimal = (value: number) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;

export const abvSchema = z
  .number({ error: DRINK_MESSAGES.abvInvalid })
  .min(ABV.min, DRINK_MESSAGES.abvInvalid)
  .max(ABV.max, DRINK_MESSAGES.abvInvalid)
  .refine(oneDecimal, DRINK_MESSAGES.abvInvalid);

/** A drink as stored and shown: its kind and strength. */
export const drinkSchema = z.object({
  kind: z.enum(DRINK_KINDS),
  abv: z.number(),
});
export type Drink = z.infer<typeof drinkSchema>;

export const DEFAULT_DRINK: Drink = { kind: 'beer', abv: DEFAULT_ABV.beer };

/**
 * A drink as a form sends it: the strength may be left out except for `other`, and it must fit
 * the kind (water 0 %, alcohol-free below 1.2 %).
 */
export const drinkInputSchema = z
  .strictObject({
    kind: z.enum(DRINK_KINDS, { error: DRINK_MESSAGES.drinkKindInvalid }),
    abv: abvSchema.optional(),
  })
  .check((ctx) => {
    const { kind, abv } = ctx.value;
    const fail = (message: string) =>
      ctx.issues.push({ code: 'custom', message, input: ctx.value, path: ['abv'] });
    if (kind === 'other' && abv === undefined) fail(DRINK_MESSAGES.otherNeedsAbv);
    if (kind === 'water' && abv !== undefined && abv !== 0) fail(DRINK_MESSAGES.waterHasNoAlcohol);
    if (kind === 'alcohol-free' && abv !== undefined && abv >= ALCOHOLIC_FROM_ABV) {
      fail(DRINK_MESSAGES.alcoholFreeTooStrong);
    }
  })
  .transform(({ kind, abv }): Drink => ({
    kind,
    abv: abv ?? (kind === 'other' ? 0 : DEFAULT_ABV[kind]),
  }));
export type DrinkInput = z.input<typeof drinkInputSchema>;

/** Whether the drink counts as alcoholic (at least 1.2 %): only then may penalties be spirits. */
export function isAlcoholic(drink: Drink): boolean {
  return drink.abv >= ALCOHOLIC_FROM_ABV;
}

/**
 * What a game's penalties are drunk as, for the words that count everyone's (the most penalties
 * award): the penalty drink all its players share, or 'mixed' (Schnaps for some, sips for the
 * players on water or alcohol-free). A game without players counts as sips.
 */
export function gamePenaltyDrink(
  players: readonly { penaltyDrink: PenaltyDrink }[],
): PenaltyDrink | 'mixed' {
  const drinks = new Set(players.map((p) => p.penaltyDrink));
  if (drinks.size > 1) return 'mixed';
  return drinks.has('spirit') ? 'spirit' : 'sip';
}

/** What a player drank, from the scale: grams drunk, grams of alcohol, standard drinks. */
export const drankFiguresSchema = z.object({
  drankGrams: z.number(),
  alcoholGrams: z.number(),
  standardDrinks: z.number(),
});
export type DrankFigures = z.infer<typeof drankFiguresSchema>;

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Alcohol in grams from grams drunk (1 g of drink taken as 1 ml) and the strength, one decimal;
 * a standard drink is 10 g of alcohol.
 */
export function drankFigures(drankGrams: number, abv: number): DrankFigures {
  const alcoholGrams = round1(((drankGrams * abv) / 100) * ETHANOL_G_PER_ML);
  return {
    drankGrams: Math.round(drankGrams),
    alcoholGrams,
    standardDrinks: round1(alcoholGrams / STANDARD_DRINK_GRAMS),
  };
}

/** Sums figures (a player's evening, a month): the alcohol is summed, not recomputed. */
export function addFigures(a: DrankFigures, b: DrankFigures): DrankFigures {
  return {
    drankGrams: a.drankGrams + b.drankGrams,
    alcoholGrams: round1(a.alcoholGrams + b.alcoholGrams),
    standardDrinks: round1((a.alcoholGrams + b.alcoholGrams) / STANDARD_DRINK_GRAMS),
  };
}

/**
 * A set-up body's `adultsConfirmed`: the leader confirms that everyone playing is 18 or older.
 * Rules whose penalty drink is 'spirit' need it (400 without it); the game records it.
 */
export const adultsConfirmedSchema = z
  .boolean({ error: 'adultsConfirmed must be true or false' })
  .optional()
  .describe(
    'The leader confirms that everyone playing is 18 or older; required (true) when the rules say penaltyDrink spirit.',
  );

export const NO_FIGURES: DrankFigures = { drankGrams: 0, alcoholGrams: 0, standardDrinks: 0 };

/** PUT /api/games/{id}/drink: a ranked player changes their own drink in the lobby. */
export const gameDrinkBodySchema = z.strictObject({ drink: drinkInputSchema });
export type GameDrinkBody = z.input<typeof gameDrinkBodySchema>;
export const gameDrinkReplySchema = z.object({ drink: drinkSchema });

/** The profile's drinking figures: totals and per month (`YYYY-MM`, UTC), newest first. */
export const drinkHistorySchema = z.object({
  totals: drankFiguresSchema,
  months: z.array(drankFiguresSchema.extend({ month: z.string() })),
});

/** The evening limit as PUT /api/profile takes it: whole standard drinks, or null for none. */
export const eveningLimitSchema = z
  .number({ error: DRINK_MESSAGES.eveningLimitInvalid })
  .int(DRINK_MESSAGES.eveningLimitInvalid)
  .min(EVENING_LIMIT.min, DRINK_MESSAGES.eveningLimitInvalid)
  .max(EVENING_LIMIT.max, DRINK_MESSAGES.eveningLimitInvalid)
  .nullable();
