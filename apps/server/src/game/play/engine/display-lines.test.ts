import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@beerscale/contract/profile';
import { DISPLAY_TEXT_MAX } from '@beerscale/contract/device-socket';
import { GAME_NAME_MAX, PLAYER_NAME_MAX } from '@beerscale/contract/limits';
import {
  DISPLAY_KEYS,
  DISPLAY_LANGUAGES,
  DISPLAY_LINE_CHARACTERS,
  DISPLAY_SENTENCE_LINES,
  keysOf,
  renderLines,
  type DisplayLine,
  type DisplayParams,
} from './display-lines';
import { show } from './prompts';

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
        key: 'penaltySpirits' as const,
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
      'Round 2: Ben calls the target. Schnaps for Anna (Schnapszahl), Ben (weighing twins). Finale: Estimate your empty can',
    );
    expect(renderLines(lines, 'de')).toBe(
      'Runde 2: Ansager Ben sagt das Ziel an. Schnaps für Anna (Schnapszahl), Ben (Wiegezwillinge). Leerwiegen: schätzt eure leere Dose',
    );
  });

  // A player on water or alcohol-free drinks a sip of their own drink, never a Schnaps.
  it.each<[DisplayLine, string, string]>([
    [
      { key: 'penaltySips', params: { drinkers: [{ name: 'Cleo', reason: 'farthest' }] } },
      'A sip for Cleo (farthest).',
      'Ein Schluck für Cleo (am weitesten weg).',
    ],
    [
      {
        key: 'givenSpirit',
        params: { name: 'Ben', drinkers: [{ name: 'Anna', reason: 'given' }] },
      },
      'Ben gives a Schnaps to Anna.',
      'Ben verteilt einen Schnaps an Anna.',
    ],
    [
      { key: 'givenSip', params: { name: 'Ben', drinkers: [{ name: 'Cleo', reason: 'given' }] } },
      'Ben gives a sip to Cleo.',
      'Ben verteilt einen Schluck an Cleo.',
    ],
    // Who receives it is not chosen yet: the prompt names no drink.
    [
      { key: 'giving', params: { name: 'Ben' } },
      'Ben hit exactly: choose who gets a penalty',
      'Ben hat genau getroffen: wer bekommt eine Strafe?',
    ],
  ])('name the penalised player’s own drink: %j', (line, english, german) => {
    expect(renderLines([line], 'en')).toBe(english);
    expect(renderLines([line], 'de')).toBe(german);
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

describe('scale texts from the catalogues', () => {
  it('write numbers as the scale always has, without group separators', () => {
    const line: DisplayLine = { key: 'resultOff', params: { name: 'Anna', grams: 1250, off: -12 } };
    expect(renderLines([line], 'en')).toBe('Anna: 1250 g, off by -12 g.');
    expect(renderLines([line], 'de')).toBe('Anna: 1250 g, -12 g daneben.');
  });

  it('leave a name with braces or quotes as it is', () => {
    const line: DisplayLine = { key: 'disqualified', params: { name: "{Jo} 'Bo'" } };
    expect(renderLines([line], 'de')).toBe("{Jo} 'Bo' ist raus.");
  });
});

/** The text as the reference display wraps it: at spaces, 21 characters a line. */
function wrapped(text: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && candidate.length > DISPLAY_LINE_CHARACTERS) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

describe('the display budget (docs/DEVICE-PROTOCOL.md, DISPLAY)', () => {
  // The widest a game makes them: ten-character names, four-digit grams, a long game name.
  const name = 'M'.repeat(PLAYER_NAME_MAX);
  const widest: DisplayParams = {
    name,
    round: 10,
    target: 1234,
    grams: 1234,
    off: -999,
    label: 'bottle',
    high: 6,
    low: 6,
    amount: 100,
    game: 'G'.repeat(GAME_NAME_MAX),
    drinkers: [{ name, reason: 'schnapszahl' }],
  };

  it.each(LANGUAGES.flatMap((language) => DISPLAY_KEYS.map((key) => [language, key] as const)))(
    '%s %s: one sentence fits the first screen (4 lines of 21 characters)',
    (language, key) => {
      const text = renderLines([{ key, params: widest }], language);
      expect(wrapped(text).length, text).toBeLessThanOrEqual(DISPLAY_SENTENCE_LINES);
    },
  );

  it('puts the instruction first, and a text over the budget loses news, never it', () => {
    // The GIVING screen of a table of four (it had the instruction last, 105-111 characters).
    const giving = show('GIVING', name, undefined, [
      { key: 'resultOff', params: { name, grams: 1234, off: 999 } },
      { key: 'penaltySips', params: { drinkers: [{ name, reason: 'farthest' }] } },
      { key: 'disqualified', params: { name } },
      { key: 'givenSpirit', params: { name, drinkers: [{ name, reason: 'given' }] } },
      { key: 'giving', params: { name } },
    ]);
    for (const language of LANGUAGES) {
      const text = renderLines(giving.lines, language, DISPLAY_TEXT_MAX);
      const instruction = renderLines([{ key: 'giving', params: { name } }], language);
      expect(text.startsWith(instruction), text).toBe(true);
      expect(text.length).toBeLessThanOrEqual(DISPLAY_TEXT_MAX);
      // Whole sentences: what is left off is left off from a sentence's end.
      expect(text).toMatch(/[.!?]$/);
    }
    expect(giving.text.startsWith(`${name} hit exactly: choose who gets a penalty.`)).toBe(true);
  });

  it('cuts a sentence only when it alone is over the budget', () => {
    const long: DisplayLine = { key: 'disqualified', params: { name: 'x'.repeat(200) } };
    const text = renderLines([long, { key: 'ready', params: {} }], 'en', DISPLAY_TEXT_MAX);
    expect(text).toHaveLength(DISPLAY_TEXT_MAX);
    expect(text.endsWith('…')).toBe(true);
  });

  it('shortens a long game name so the sentence keeps its instruction', () => {
    const text = renderLines([{ key: 'waiting', params: { game: 'G'.repeat(60) } }], 'de');
    expect(text).toBe(`${'G'.repeat(19)}…: wartet auf den Start durch die Spielleitung`);
  });

  it("word the phases a scale names in the reader's language", () => {
    const phases: DisplayLine[] = [
      { key: 'roundStart', params: { round: 2, target: 400, name: 'Anna' } },
      { key: 'caller', params: { round: 2, name: 'Anna' } },
      { key: 'estimate', params: { label: 'can' } },
      { key: 'winner', params: { name: 'Anna' } },
    ];
    const german = renderLines(phases, 'de');
    for (const english of ['Round', 'Finale', 'Game over', 'Estimate'])
      expect(german, english).not.toContain(english);
  });
});
