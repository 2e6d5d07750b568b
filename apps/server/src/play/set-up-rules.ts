import { resolveRules, type RulesInput } from '@beerscale/contract/rules';
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
