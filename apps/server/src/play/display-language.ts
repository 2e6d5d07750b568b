import type { Language } from '@beerscale/contract/profile';

// The scale's DISPLAY texts in the game leader's language, in one place. The engine words its
// texts in English (its tests and DESIGN §9 read them so); each German line is the same sentence
// with the same values, recognised whole. A line not recognised stays English.

type Parts = string[];
type Line = { en: RegExp; de: (...parts: Parts) => string };

const CONTAINER_DE: Record<string, string> = { bottle: 'Flasche', can: 'Dose' };
const container = (label: string) => CONTAINER_DE[label] ?? label;
/** The server's stock name of a fast game ("Fast Game: wartet…" mixed English into German). */
const gameName = (name: string) => (name === 'Fast Game' ? 'Schnelles Spiel' : name);

/** What leads a text: the result just measured. */
const LEADS: Line[] = [
  { en: /^(.+?): EXACT (-?\d+) g! /, de: (name, grams) => `${name}: GENAU ${grams} g! ` },
  {
    en: /^(.+?): (-?\d+) g, off by (\d+) g\. /,
    de: (name, grams, off) => `${name}: ${grams} g, ${off} g daneben. `,
  },
];

/** Every sentence the engine and the play service put on a scale's screen. */
const LINES: Line[] = [
  {
    en: /^(-?\d+) g is too light\. (.+): place a full (\w+)$/,
    de: (grams, name, label) =>
      `${grams} g ist zu leicht. ${name}: stell eine volle ${container(label!)} drauf`,
  },
  {
    en: /^(.+): place your full (\w+)$/,
    de: (name, label) => `${name}: stell deine volle ${container(label!)} auf die Waage`,
  },
  {
    en: /^(.+): put your (\w+) on the scale$/,
    de: (name, label) => `${name}: stell deine ${container(label!)} auf die Waage`,
  },
  {
    en: /^Round (\d+): drink down to (-?\d+) g! (.+) weighs first$/,
    de: (round, target, name) =>
      `Runde ${round}: trinkt runter auf ${target} g! ${name} wiegt zuerst`,
  },
  { en: /^Game over! Winner: (.+)$/, de: (names) => `Spiel vorbei! Sieger: ${names}` },
  { en: /^Game over$/, de: () => 'Spiel vorbei' },
  { en: /^Ready: set up a game in the app$/, de: () => 'Bereit: Richte in der App ein Spiel ein' },
  {
    en: /^(.+): waiting for the leader to start$/,
    de: (game) => `${gameName(game!)}: wartet auf den Start durch die Spielleitung`,
  },
  { en: /^(.+): cancelled$/, de: (game) => `${gameName(game!)}: abgebrochen` },
];

function translate(lines: Line[], text: string): { text: string; rest: string } | null {
  for (const line of lines) {
    const match = line.en.exec(text);
    if (match) return { text: line.de(...match.slice(1)), rest: text.slice(match[0].length) };
  }
  return null;
}

/** A DISPLAY text in `language`; English (and anything unrecognised) as it is. */
export function displayText(text: string, language: Language): string {
  if (language === 'en') return text;
  const lead = translate(LEADS, text);
  const body = translate(LINES, lead ? lead.rest : text);
  if (!body) return text;
  return `${lead?.text ?? ''}${body.text}`;
}
