import {
  CLASSIC_RULES,
  resolveRules,
  rulesSchema,
  type Rules,
  type RulesInput,
} from '@beerscale/contract/rules';
import type { GameRow } from '../db/schema';
import { badRequest } from '../http/http-error';

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

/** The rules a game was set up with (stored as JSON; null or unreadable: classic). */
export function storedRules(game: Pick<GameRow, 'rules'>): Rules {
  if (!game.rules) return CLASSIC_RULES;
  const parsed = rulesSchema.safeParse(JSON.parse(game.rules));
  return parsed.success ? parsed.data : CLASSIC_RULES;
}
