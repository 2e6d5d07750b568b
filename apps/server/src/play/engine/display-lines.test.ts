import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@beerscale/contract/profile';
import { DISPLAY_KEYS, DISPLAY_LANGUAGES, keysOf, renderLines } from './display-lines';

describe('house rules scale texts', () => {
  it('word every key in every language the app speaks', () => {
    expect([...DISPLAY_LANGUAGES].sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) {
      expect(keysOf(language).sort()).toEqual([...DISPLAY_KEYS].sort());
      for (const key of DISPLAY_KEYS) {
        const text = renderLines([{ key, params: { name: 'Anna', label: 'can' } }], language);
        expect(text.trim().length, `${language} ${key}`).toBeGreaterThan(0);
      }
    }
  });

  it('say who drinks and why, in German with the group words', () => {
    const lines = [
      { key: 'caller' as const, params: { round: 2, name: 'Ben' } },
      {
        key: 'penalties' as const,
        params: {
          drinkers: [
            { name: 'Anna', reason: 'schnapszahl' as const },
            { name: 'Ben', reason: 'twins' as const },
          ],
        },
      },
      { key: 'estimate' as const, params: { label: 'can' } },
    ];
    expect(renderLines(lines, 'en')).toBe(
      'Round 2: Ben calls the target. Penalty: Anna (Schnapszahl), Ben (weighing twins). Finale: Estimate your empty can',
    );
    expect(renderLines(lines, 'de')).toBe(
      'Runde 2: Ansager Ben sagt das Ziel an. Schnaps für Anna (Schnapszahl), Ben (Wiegezwillinge). Leerwiegen: schätzt eure leere Dose',
    );
  });
});
