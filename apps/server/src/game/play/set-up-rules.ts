import {
  CLASSIC_RULES,
  RULE_MESSAGES,
  RULE_PRESETS,
  resolveRules,
  rulesSchema,
  type RulePresetId,
  type Rules,
  type RulesInput,
} from '@beerscale/contract/rules';
import type { GameRow } from '../../db/schema';
import { badRequest } from '../../http/http-error';

/**
 * A set-up body's house rules as stored with the game: null for none (classic), else the whole
 * resolved rules as JSON; rules that cannot be played by `playerCount` players are a 400.
 */
export function rulesJson(input: RulesInput | undefined, playerCount: number): string | null {
  if (input === undefined) return null;
  const resolved = resolveRules(input, playerCount);
  if (!resolved.ok) throw badRequest(resolved.error);
  return JSON.stringify(resolved.rules);
}

/**
 * Spirit penalties need the leader's word that everyone playing is 18 or older (docs/RULES.md,
 * "Drinks and responsible play"): a 400 without it, before anything is set up. What the game
 * records as its confirmation.
 */
export function adultsConfirmedFor(rules: string | null, confirmed: boolean | undefined): boolean {
  if (storedRules({ rules }).penaltyDrink === 'spirit' && confirmed !== true) {
    throw badRequest(RULE_MESSAGES.adultsNotConfirmed);
  }
  return confirmed === true;
}

/** The rules a game was set up with (stored as JSON; null or unreadable: classic). */
export function storedRules(game: Pick<GameRow, 'rules'>): Rules {
  if (!game.rules) return CLASSIC_RULES;
  const json: unknown = JSON.parse(game.rules);
  // Rules stored before the penalty drink existed: a preset's own, else sips (migration 0040).
  if (json && typeof json === 'object' && !('penaltyDrink' in json)) {
    const preset = (json as { preset?: unknown }).preset;
    const known = RULE_PRESETS[preset as RulePresetId] as Rules | undefined;
    (json as Record<string, unknown>).penaltyDrink = known?.penaltyDrink ?? 'sip';
  }
  const parsed = rulesSchema.safeParse(json);
  return parsed.success ? parsed.data : CLASSIC_RULES;
}
