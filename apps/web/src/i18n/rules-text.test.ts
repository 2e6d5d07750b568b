import { afterEach, describe, expect, it } from 'vitest';
import { RULE_PRESETS, type Rules } from '@beerscale/contract/rules';
import { activate } from './i18n';
import { rulesLine, rulesSentences } from './rules-text';

// The rules in words name the penalty drink only where the game is played for it: a table
// playing for sips never reads "Schnaps" as the word for a penalty.

const strichliste: Rules = { ...RULE_PRESETS.strichliste };
const forSips: Rules = { ...RULE_PRESETS.strichliste, penaltyDrink: 'sip' };

afterEach(() => activate('en'));

describe('the rules in German', () => {
  it('call the penalties Schnaps in the line of a game played for Schnaps', async () => {
    await activate('de');
    expect(rulesLine(strichliste)).toContain('Schnaps: am weitesten daneben');
  });

  it('say sips in the line of a game played for sips', async () => {
    await activate('de');
    const line = rulesLine(forSips);
    expect(line).toContain('Schluck: am weitesten daneben');
    expect(line).not.toContain('Schnaps');
  });

  it('explain every penalty as a Strafe, whatever the drink', async () => {
    await activate('de');
    const all: Rules = {
      ...forSips,
      penalties: { ...forSips.penalties, farthest: true, schnapszahl: true, twins: true },
    };
    const sentences = rulesSentences(all).join(' ');
    expect(sentences).toContain('Strafe');
    // "Schnapszahl" is the name of a reading, not a drink.
    expect(sentences.replaceAll('Schnapszahl', '')).not.toMatch(/Schnaps/);
  });
});

describe('the rules in English', () => {
  it('say penalties in the line whatever the drink', () => {
    expect(rulesLine(forSips)).toContain('penalties: farthest off');
    expect(rulesLine(strichliste)).toContain('penalties: farthest off');
  });
});
