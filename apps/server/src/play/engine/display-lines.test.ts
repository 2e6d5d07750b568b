import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@beerscale/contract/profile';
import {
  DISPLAY_KEYS,
  DISPLAY_LANGUAGES,
  keysOf,
  renderLines,
  type DisplayLine,
} from './display-lines';

describe('scale texts', () => {
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

  // Every sentence display-language.ts once turned into German with a pattern: the keyed lines
  // must word them exactly as it did, and their English as the engine always has.
  it.each<[DisplayLine[], string, string]>([
    [
      [{ key: 'placeFull', params: { name: 'Anna', label: 'can' } }],
      'Anna: place your full can',
      'Anna: stell deine volle Dose auf die Waage',
    ],
    [
      [{ key: 'tooLight', params: { grams: 250, name: 'Anna', label: 'can' } }],
      '250 g is too light. Anna: place a full can',
      '250 g ist zu leicht. Anna: stell eine volle Dose drauf',
    ],
    [
      [{ key: 'roundStart', params: { round: 1, target: 412, name: 'Anna' } }],
      'Round 1: drink down to 412 g! Anna weighs first',
      'Runde 1: trinkt runter auf 412 g! Anna wiegt zuerst',
    ],
    [
      [
        { key: 'resultExact', params: { name: 'Anna', grams: 412 } },
        { key: 'putOn', params: { name: 'Ben', label: 'bottle' } },
      ],
      'Anna: EXACT 412 g! Ben: put your bottle on the scale',
      'Anna: GENAU 412 g! Ben: stell deine Flasche auf die Waage',
    ],
    [
      [
        { key: 'resultOff', params: { name: 'Ben', grams: 415, off: 3 } },
        { key: 'roundStart', params: { round: 2, target: 380, name: 'Anna' } },
      ],
      'Ben: 415 g, off by 3 g. Round 2: drink down to 380 g! Anna weighs first',
      'Ben: 415 g, 3 g daneben. Runde 2: trinkt runter auf 380 g! Anna wiegt zuerst',
    ],
    [
      [
        { key: 'resultExact', params: { name: 'Ben', grams: 380 } },
        { key: 'winner', params: { name: 'Anna' } },
      ],
      'Ben: EXACT 380 g! Game over! Winner: Anna',
      'Ben: GENAU 380 g! Spiel vorbei! Sieger: Anna',
    ],
    [
      [
        { key: 'resultOff', params: { name: 'Cleo', grams: 382, off: 2 } },
        { key: 'winner', params: { name: 'Anna & Ben' } },
      ],
      'Cleo: 382 g, off by 2 g. Game over! Winner: Anna & Ben',
      'Cleo: 382 g, 2 g daneben. Spiel vorbei! Sieger: Anna & Ben',
    ],
    [[{ key: 'gameOver', params: {} }], 'Game over', 'Spiel vorbei'],
    [
      [{ key: 'ready', params: {} }],
      'Ready: set up a game in the app',
      'Bereit: Richte in der App ein Spiel ein',
    ],
    [
      [{ key: 'waiting', params: { game: 'Friday' } }],
      'Friday: waiting for the leader to start',
      'Friday: wartet auf den Start durch die Spielleitung',
    ],
    [
      [{ key: 'waiting', params: { game: 'Fast Game' } }],
      'Fast Game: waiting for the leader to start',
      'Schnelles Spiel: wartet auf den Start durch die Spielleitung',
    ],
    [
      [{ key: 'cancelled', params: { game: 'Friday' } }],
      'Friday: cancelled',
      'Friday: abgebrochen',
    ],
    [
      [{ key: 'cancelled', params: { game: 'Fast Game' } }],
      'Fast Game: cancelled',
      'Schnelles Spiel: abgebrochen',
    ],
  ])('word %j as before', (lines, english, german) => {
    expect(renderLines(lines, 'en')).toBe(english);
    expect(renderLines(lines, 'de')).toBe(german);
  });
});
