import { describe, expect, it } from 'vitest';
import { RULE_PRESETS, resolveRules } from '@beerscale/contract/rules';
import { CONTRACT_PRESETS, emptyTeam, named, nextTeam, rulesBody } from './rules-choice';

// The set-up's rules: what the body carries must resolve, on the server, to what was chosen.

describe('the set-up rules', () => {
  it('sends nothing for classic, a preset by name, and custom values whole', () => {
    expect(rulesBody(RULE_PRESETS.classic, 3)).toBeUndefined();
    expect(rulesBody(RULE_PRESETS.strichliste, 3)).toEqual({ preset: 'strichliste' });
    const custom = named({ ...RULE_PRESETS.golf, target: 'dice' }, CONTRACT_PRESETS);
    expect(custom.preset).toBe('custom');
    const resolved = resolveRules(rulesBody(custom, 3), 3);
    expect(resolved).toEqual({ ok: true, rules: custom });
  });

  it('names values that equal a preset after it again', () => {
    const changed = named({ ...RULE_PRESETS.bundeswiega, finale: 'none' }, CONTRACT_PRESETS);
    expect(changed.preset).toBe('custom');
    expect(named({ ...changed, finale: 'empty-estimate' }, CONTRACT_PRESETS).preset).toBe(
      'bundeswiega',
    );
  });

  it('moves a tapped player to the next team, and the server plays that assignment', () => {
    let rules = named({ ...RULE_PRESETS.golf, teams: 2 }, CONTRACT_PRESETS);
    // Alternating until someone taps: 1, 2, 1.
    rules = nextTeam(rules, 3, 2);
    expect(rules.teamOf).toEqual([1, 2, 2]);
    rules = nextTeam(rules, 3, 2);
    expect(rules.teamOf).toEqual([1, 2, 1]);
    const resolved = resolveRules(rulesBody(rules, 3), 3);
    expect(resolved.ok && resolved.rules.teamOf).toEqual([1, 2, 1]);
  });

  it('says when a team is left empty, as the server would refuse it', () => {
    let rules = named({ ...RULE_PRESETS.golf, teams: 2 }, CONTRACT_PRESETS);
    expect(emptyTeam(rules, 2)).toBe(false);
    rules = nextTeam(rules, 2, 1); // both on team 1
    expect(emptyTeam(rules, 2)).toBe(true);
    expect(resolveRules(rulesBody(rules, 2), 2).ok).toBe(false);
    // Three teams for two players: one is always empty.
    expect(emptyTeam({ ...rules, teams: 3, teamOf: null }, 2)).toBe(true);
  });

  it('leaves out an assignment made for another line-up, so the server alternates', () => {
    const rules = nextTeam(named({ ...RULE_PRESETS.golf, teams: 2 }, CONTRACT_PRESETS), 3, 0);
    expect(rulesBody(rules, 4)).toMatchObject({ teams: 2, teamOf: null });
  });
});
