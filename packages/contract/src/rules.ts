import { z } from 'zod';
import { RULE_MESSAGES } from './rule-messages';

// House rules (docs/RULES.md): a game carries one `rules` object, chosen at set-up from a preset
// and optionally changed toggle by toggle. Classic is the default and plays the original rules.

export const RULE_PRESET_IDS = [
  'classic',
  'bundeswiega',
  'strichliste',
  'strichliste-hardcore',
  'golf',
  'points',
] as const;
export type RulePresetId = (typeof RULE_PRESET_IDS)[number];
export const RULE_PRESET_NAMES = [...RULE_PRESET_IDS, 'custom'] as const;
export type RulePresetName = (typeof RULE_PRESET_NAMES)[number];

export const SCORINGS = ['mean', 'mean-penalties', 'golf', 'points', 'marks'] as const;
export type Scoring = (typeof SCORINGS)[number];
export const TARGET_RULES = ['random', 'caller', 'dice'] as const;
export type TargetRule = (typeof TARGET_RULES)[number];
export const EXACT_RULES = ['none', 'takes', 'gives'] as const;
export type ExactRule = (typeof EXACT_RULES)[number];
export const FINALES = ['none', 'empty-estimate'] as const;
export type Finale = (typeof FINALES)[number];
/**
 * What a penalty is drunk as: a spirit (a Schnaps; only adults, only players on an alcoholic
 * drink) or a sip of the player's own drink.
 */
export const PENALTY_DRINKS = ['spirit', 'sip'] as const;
export type PenaltyDrink = (typeof PENALTY_DRINKS)[number];

export const DISQUALIFY_ABOVE = { min: 10, max: 200 } as const;
export const TEAMS = { min: 2, max: 5 } as const;
/** What a caller may name: T = lowest current weight - amount. */
export const CALLER_AMOUNT = { min: 10, max: 100 } as const;
/** What a player may estimate for their empty container. */
export const ESTIMATE_GRAMS = { min: 0, max: 1000 } as const;

const toggle = z.boolean({ error: RULE_MESSAGES.penaltyToggle });

export const penaltiesSchema = z.strictObject({
  farthest: toggle,
  /** Replaces farthest: the farthest above and the farthest below the target each get one. */
  overUnder: toggle,
  schnapszahl: toggle,
  twins: toggle,
  exact: z.enum(EXACT_RULES, { error: RULE_MESSAGES.unknownExact }),
});
export type Penalties = z.infer<typeof penaltiesSchema>;

const presetSchema = z.enum(RULE_PRESET_NAMES, { error: RULE_MESSAGES.unknownPreset });
const scoringSchema = z.enum(SCORINGS, { error: RULE_MESSAGES.unknownScoring });
const targetSchema = z.enum(TARGET_RULES, { error: RULE_MESSAGES.unknownTarget });
const finaleSchema = z.enum(FINALES, { error: RULE_MESSAGES.unknownFinale });
const penaltyDrinkSchema = z.enum(PENALTY_DRINKS, { error: RULE_MESSAGES.unknownPenaltyDrink });
const disqualifySchema = z
  .number({ error: RULE_MESSAGES.disqualifyRange })
  .int(RULE_MESSAGES.disqualifyRange)
  .min(DISQUALIFY_ABOVE.min, RULE_MESSAGES.disqualifyRange)
  .max(DISQUALIFY_ABOVE.max, RULE_MESSAGES.disqualifyRange)
  .nullable();
const teamsSchema = z
  .number({ error: RULE_MESSAGES.teamsRange })
  .int(RULE_MESSAGES.teamsRange)
  .min(TEAMS.min, RULE_MESSAGES.teamsRange)
  .max(TEAMS.max, RULE_MESSAGES.teamsRange)
  .nullable();
const teamOfSchema = z
  .array(
    z
      .number({ error: RULE_MESSAGES.teamOfEntries })
      .int(RULE_MESSAGES.teamOfEntries)
      .min(1, RULE_MESSAGES.teamOfEntries)
      .max(TEAMS.max, RULE_MESSAGES.teamOfEntries),
    { error: RULE_MESSAGES.teamOfLength },
  )
  .max(10, RULE_MESSAGES.teamOfLength)
  .nullable();

/** The whole rules object a game carries (GAME_STATE `game.rules`). */
export const rulesSchema = z.strictObject({
  preset: presetSchema,
  scoring: scoringSchema,
  target: targetSchema,
  penalties: penaltiesSchema,
  /** Grams: a player whose difference in any round exceeds it is out. */
  disqualifyAbove: disqualifySchema,
  finale: finaleSchema,
  /** Number of teams, or null for everyone on their own. */
  teams: teamsSchema,
  /** One team (1..teams) per player in turn order; null: alternate 1, 2, ..., 1, 2. */
  teamOf: teamOfSchema,
  /** What penalties are drunk as; 'spirit' needs the set-up's adultsConfirmed. */
  penaltyDrink: penaltyDrinkSchema,
});
export type Rules = z.infer<typeof rulesSchema>;

const NO_PENALTIES: Penalties = {
  farthest: false,
  overUnder: false,
  schnapszahl: false,
  twins: false,
  exact: 'none',
};
const PLAIN = {
  target: 'random',
  penalties: NO_PENALTIES,
  disqualifyAbove: null,
  finale: 'none',
  teams: null,
  teamOf: null,
  penaltyDrink: 'sip',
} as const satisfies Partial<Rules>;

/** The six presets as data (the web lists them, the server resolves set-up bodies with them). */
export const RULE_PRESETS: Readonly<Record<RulePresetId, Rules>> = {
  classic: { ...PLAIN, preset: 'classic', scoring: 'mean' },
  bundeswiega: {
    ...PLAIN,
    preset: 'bundeswiega',
    scoring: 'mean-penalties',
    target: 'caller',
    penalties: { ...NO_PENALTIES, farthest: true, schnapszahl: true, twins: true, exact: 'takes' },
    disqualifyAbove: 50,
    finale: 'empty-estimate',
    penaltyDrink: 'spirit',
  },
  strichliste: {
    ...PLAIN,
    preset: 'strichliste',
    scoring: 'marks',
    penalties: { ...NO_PENALTIES, farthest: true, exact: 'gives' },
    penaltyDrink: 'spirit',
  },
  'strichliste-hardcore': {
    ...PLAIN,
    preset: 'strichliste-hardcore',
    scoring: 'marks',
    penalties: { ...NO_PENALTIES, overUnder: true, exact: 'gives' },
    penaltyDrink: 'spirit',
  },
  golf: { ...PLAIN, preset: 'golf', scoring: 'golf' },
  points: { ...PLAIN, preset: 'points', scoring: 'points' },
};

export const CLASSIC_RULES: Rules = RULE_PRESETS.classic;

/**
 * What a set-up body may carry: `{ preset: 'strichliste' }` alone means that preset; any other
 * field changes one toggle of it (or of classic when no preset is named) and makes it 'custom'.
 */
export const rulesInputSchema = z.strictObject(
  {
    preset: presetSchema.optional(),
    scoring: scoringSchema.optional(),
    target: targetSchema.optional(),
    penalties: penaltiesSchema.partial().optional(),
    disqualifyAbove: disqualifySchema.optional(),
    finale: finaleSchema.optional(),
    teams: teamsSchema.optional(),
    teamOf: teamOfSchema.optional(),
    penaltyDrink: penaltyDrinkSchema.optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown rule ${issue.keys.map((key) => `'${key}'`).join(', ')}: rules know preset, scoring, target, penalties, disqualifyAbove, finale, teams, teamOf and penaltyDrink`
        : RULE_MESSAGES.rulesObject,
  },
);
export type RulesInput = z.infer<typeof rulesInputSchema>;

/** GET /api/rules/presets */
export const rulePresetListSchema = z.array(
  z.object({ id: z.enum(RULE_PRESET_IDS), rules: rulesSchema }),
);
export type RulePresetList = z.infer<typeof rulePresetListSchema>;

export type ResolvedRules = { ok: true; rules: Rules } | { ok: false; error: string };

/**
 * The full rules a set-up means for `playerCount` players, or the reason it cannot be played.
 * Pure: the server calls it at set-up and again at the start (players may have joined since).
 */
export function resolveRules(input: unknown, playerCount: number): ResolvedRules {
  if (input === undefined || input === null) return { ok: true, rules: CLASSIC_RULES };
  const parsed = rulesInputSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, error: parsed.error.issues[0]?.message ?? RULE_MESSAGES.rulesObject };
  }
  const given = parsed.data;
  const named = given.preset && given.preset !== 'custom' ? given.preset : null;
  const base = RULE_PRESETS[named ?? 'classic'];
  const merged: Rules = {
    preset: 'custom',
    scoring: given.scoring ?? base.scoring,
    target: given.target ?? base.target,
    penalties: { ...base.penalties, ...stripUndefined(given.penalties ?? {}) },
    disqualifyAbove:
      given.disqualifyAbove === undefined ? base.disqualifyAbove : given.disqualifyAbove,
    finale: given.finale ?? base.finale,
    teams: given.teams === undefined ? base.teams : given.teams,
    teamOf: given.teamOf === undefined ? base.teamOf : given.teamOf,
    penaltyDrink: given.penaltyDrink ?? base.penaltyDrink,
  };
  // A preset's own rules keep its penalty drink; a custom object that does not name one sips.
  if (given.penaltyDrink === undefined && !(named && sameValues(merged, base))) {
    merged.penaltyDrink = 'sip';
  }
  const rules: Rules = named && sameValues(merged, base) ? { ...merged, preset: named } : merged;
  const teamError = checkTeams(rules, playerCount);
  return teamError ? { ok: false, error: teamError } : { ok: true, rules };
}

/** Each player's team in turn order, or null when everyone plays alone. */
export function teamsOfPlayers(rules: Rules, playerCount: number): number[] | null {
  if (rules.teams === null) return null;
  const teams = rules.teams;
  return rules.teamOf ?? Array.from({ length: playerCount }, (_, i) => (i % teams) + 1);
}

function checkTeams(rules: Rules, playerCount: number): string | null {
  if (rules.teams === null) return rules.teamOf === null ? null : RULE_MESSAGES.teamOfWithoutTeams;
  if (rules.teams > playerCount) return RULE_MESSAGES.moreTeamsThanPlayers;
  const teamOf = teamsOfPlayers(rules, playerCount)!;
  if (teamOf.length !== playerCount) return RULE_MESSAGES.teamOfLength;
  if (teamOf.some((team) => team > rules.teams!)) return RULE_MESSAGES.teamOfEntries;
  for (let team = 1; team <= rules.teams; team++) {
    if (!teamOf.includes(team)) return RULE_MESSAGES.teamLeftEmpty;
  }
  return null;
}

function sameValues(a: Rules, b: Rules): boolean {
  const penalties = Object.keys(a.penalties) as (keyof Penalties)[];
  return (
    a.scoring === b.scoring &&
    a.target === b.target &&
    penalties.every((key) => a.penalties[key] === b.penalties[key]) &&
    a.disqualifyAbove === b.disqualifyAbove &&
    a.finale === b.finale &&
    a.teams === b.teams &&
    JSON.stringify(a.teamOf) === JSON.stringify(b.teamOf) &&
    a.penaltyDrink === b.penaltyDrink
  );
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export { RULE_MESSAGES };
