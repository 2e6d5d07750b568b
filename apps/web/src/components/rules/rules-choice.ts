import {
  CLASSIC_RULES,
  RULE_PRESETS,
  RULE_PRESET_IDS,
  teamsOfPlayers,
  type RulePresetList,
  type Rules,
  type RulesInput,
} from '@beerscale/contract/rules';

// The set-up's choice of house rules as plain functions: which preset a set of values is, what
// the set-up body carries, and the team assignment by tapping.

export const DEFAULT_RULES: Rules = CLASSIC_RULES;

/** The contract's presets, in its order: what the cards show until the server's list arrives. */
export const CONTRACT_PRESETS: RulePresetList = RULE_PRESET_IDS.map((id) => ({
  id,
  rules: RULE_PRESETS[id],
}));

const valuesOf = ({ preset: _preset, ...values }: Rules) => JSON.stringify(values);

/** The values named after the preset they equal, or 'custom' when they equal none. */
export function named(rules: Rules, presets: RulePresetList): Rules {
  const match = presets.find((p) => valuesOf(p.rules) === valuesOf(rules));
  return { ...rules, preset: match ? match.id : 'custom' };
}

/**
 * What the set-up body carries: nothing for classic (a body without rules plays classic, so a
 * group that never opens the rules sends what it always sent), a preset by its name alone (the
 * server's values apply), or the whole object for custom rules. A team assignment made for another number of players is left
 * out, so the server alternates the teams rather than refusing the game.
 */
export function rulesBody(rules: Rules, playerCount: number): RulesInput | undefined {
  if (rules.preset === 'classic') return undefined;
  if (rules.preset !== 'custom') return { preset: rules.preset };
  const teamOf = rules.teamOf && rules.teamOf.length === playerCount ? rules.teamOf : null;
  return { ...rules, teamOf };
}

/** Each player's team (1-based) as the game will play it, or null without teams. */
export function teamsShown(rules: Rules, playerCount: number): number[] | null {
  const current =
    rules.teamOf && rules.teamOf.length === playerCount ? rules : { ...rules, teamOf: null };
  return teamsOfPlayers(current, playerCount);
}

/** A tap on a player: they move to the next team (after the last, the first again). */
export function nextTeam(rules: Rules, playerCount: number, index: number): Rules {
  const teams = teamsShown(rules, playerCount);
  if (!teams || rules.teams === null) return rules;
  const teamOf = teams.map((team, i) => (i === index ? (team % rules.teams!) + 1 : team));
  return { ...rules, teamOf };
}

/** A team without players: the server refuses such a game, so the set-up says it first. */
export function emptyTeam(rules: Rules, playerCount: number): boolean {
  const teams = teamsShown(rules, playerCount);
  if (!teams || rules.teams === null) return false;
  return Array.from({ length: rules.teams }, (_, i) => i + 1).some((team) => !teams.includes(team));
}
