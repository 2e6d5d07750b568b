import { describe, expect, it } from 'vitest';
import { RULE_MESSAGES } from './rule-messages';
import {
  CLASSIC_RULES,
  RULE_PRESETS,
  RULE_PRESET_IDS,
  resolveRules,
  teamsOfPlayers,
} from './rules';

describe('resolveRules', () => {
  it('means classic when a set-up names no rules', () => {
    expect(resolveRules(undefined, 4)).toEqual({ ok: true, rules: CLASSIC_RULES });
  });

  it.each(RULE_PRESET_IDS)('gives the values of %s when only the preset is named', (id) => {
    expect(resolveRules({ preset: id }, 4)).toEqual({ ok: true, rules: RULE_PRESETS[id] });
  });

  it('makes a changed toggle custom and keeps the rest of the preset', () => {
    const resolved = resolveRules({ preset: 'strichliste', penalties: { twins: true } }, 3);
    expect(resolved).toEqual({
      ok: true,
      rules: {
        ...RULE_PRESETS.strichliste,
        preset: 'custom',
        penalties: { ...RULE_PRESETS.strichliste.penalties, twins: true },
        // A custom object that names no penalty drink sips.
        penaltyDrink: 'sip',
      },
    });
  });

  it('gives the presets their penalty drink and a custom object sips unless it says spirit', () => {
    const drink = (input: unknown) => {
      const resolved = resolveRules(input, 3);
      return resolved.ok ? resolved.rules.penaltyDrink : resolved.error;
    };
    expect(drink({ preset: 'bundeswiega' })).toBe('spirit');
    expect(drink({ preset: 'strichliste' })).toBe('spirit');
    expect(drink({ preset: 'strichliste-hardcore' })).toBe('spirit');
    expect(drink({ preset: 'golf' })).toBe('sip');
    expect(drink(undefined)).toBe('sip');
    expect(drink({ scoring: 'points' })).toBe('sip');
    expect(drink({ preset: 'bundeswiega', finale: 'none' })).toBe('sip');
    expect(drink({ scoring: 'golf', penaltyDrink: 'spirit' })).toBe('spirit');
    expect(drink({ preset: 'bundeswiega', penaltyDrink: 'sip' })).toBe('sip');
    expect(drink({ penaltyDrink: 'vodka' })).toBe(RULE_MESSAGES.unknownPenaltyDrink);
  });

  it("keeps the preset's name when a 'change' repeats its own value", () => {
    const resolved = resolveRules({ preset: 'golf', scoring: 'golf', finale: 'none' }, 2);
    expect(resolved.ok && resolved.rules.preset).toBe('golf');
  });

  it('builds on classic when toggles come without a preset', () => {
    const resolved = resolveRules({ scoring: 'points' }, 2);
    expect(resolved).toEqual({
      ok: true,
      rules: { ...CLASSIC_RULES, preset: 'custom', scoring: 'points' },
    });
  });

  it.each([
    [{ preset: 'beerpong' }, RULE_MESSAGES.unknownPreset],
    [{ preset: 'custom', penalties: { twins: 'yes' } }, RULE_MESSAGES.penaltyToggle],
    [{ disqualifyAbove: 5 }, RULE_MESSAGES.disqualifyRange],
    [{ disqualifyAbove: 201 }, RULE_MESSAGES.disqualifyRange],
    [{ teams: 6 }, RULE_MESSAGES.teamsRange],
    [{ teams: 3 }, RULE_MESSAGES.moreTeamsThanPlayers],
    [{ teams: 2, teamOf: [1, 1] }, RULE_MESSAGES.teamLeftEmpty],
    [{ teams: 2, teamOf: [1, 2, 1] }, RULE_MESSAGES.teamOfLength],
    [{ teams: 2, teamOf: [1, 3] }, RULE_MESSAGES.teamOfEntries],
    [{ teamOf: [1, 2] }, RULE_MESSAGES.teamOfWithoutTeams],
    ['classic', RULE_MESSAGES.rulesObject],
    [{ preset: 'golf', dice: true }, expect.stringContaining('dice')],
  ])('refuses %j with a clear message', (input, message) => {
    expect(resolveRules(input, 2)).toEqual({ ok: false, error: message });
  });

  it('alternates teams in turn order when no assignment is given', () => {
    const resolved = resolveRules({ preset: 'golf', teams: 2 }, 5);
    expect(resolved.ok && teamsOfPlayers(resolved.rules, 5)).toEqual([1, 2, 1, 2, 1]);
  });
});
