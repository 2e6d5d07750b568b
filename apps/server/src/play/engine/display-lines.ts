import type { Language } from '@beerscale/contract/profile';
import type { PenaltyReason } from '@beerscale/contract/game-state';

// Every text a scale's screen shows (the engine's prompts and results, the notifier's idle,
// waiting and cancelled screens) as keys with values, rendered through one table per language.
// The engine and the notifier emit lines; devices/device-notifier.ts words them in the game
// leader's language on the way out. A key missing from a language fails the type check (Record
// over every key) and the test. The English wording is what docs/DEVICE-PROTOCOL.md shows.

export interface DisplayParams {
  name?: string;
  round?: number;
  target?: number;
  grams?: number;
  off?: number;
  label?: string;
  high?: number;
  low?: number;
  amount?: number;
  /** The name of the game waiting on, or cancelled from, the scale. */
  game?: string;
  /** Who drinks and why: "Anna (farthest), Ben (Schnapszahl)". */
  drinkers?: { name: string; reason: PenaltyReason }[];
}

export const DISPLAY_KEYS = [
  'tooLight',
  'placeFull',
  'putOn',
  'roundStart',
  'gameOver',
  'winner',
  'resultExact',
  'resultOff',
  'caller',
  'called',
  'dice',
  'penalties',
  'given',
  'giving',
  'disqualified',
  'estimate',
  'finalePlace',
  'ready',
  'waiting',
  'cancelled',
] as const;
export type DisplayKey = (typeof DISPLAY_KEYS)[number];

export interface DisplayLine {
  key: DisplayKey;
  params: DisplayParams;
}

type Table = Record<DisplayKey, (p: Required<DisplayParams>) => string>;

const REASONS: Record<Language, Record<PenaltyReason, string>> = {
  en: {
    farthest: 'farthest',
    over: 'farthest over',
    under: 'farthest under',
    schnapszahl: 'Schnapszahl',
    twins: 'weighing twins',
    exact: 'exact hit',
    given: 'given',
  },
  de: {
    farthest: 'am weitesten weg',
    over: 'am meisten drüber',
    under: 'am meisten drunter',
    schnapszahl: 'Schnapszahl',
    twins: 'Wiegezwillinge',
    exact: 'genau getroffen',
    given: 'verteilt',
  },
};

const CONTAINERS: { de: Record<string, string> } = { de: { bottle: 'Flasche', can: 'Dose' } };
/**
 * The server's stock name of a fast game ("Fast Game: wartet…" would mix English into German).
 * Compared, not looked up: a game named "constructor" must not find Object's.
 */
const gameNameDe = (name: string) => (name === 'Fast Game' ? 'Schnelles Spiel' : name);

function drinkers(language: Language, list: Required<DisplayParams>['drinkers']): string {
  return list.map((d) => `${d.name} (${REASONS[language][d.reason]})`).join(', ');
}

const TABLES: Record<Language, Table> = {
  en: {
    tooLight: (p) => `${p.grams} g is too light. ${p.name}: place a full ${p.label}`,
    placeFull: (p) => `${p.name}: place your full ${p.label}`,
    putOn: (p) => `${p.name}: put your ${p.label} on the scale`,
    roundStart: (p) => `Round ${p.round}: drink down to ${p.target} g! ${p.name} weighs first`,
    gameOver: () => 'Game over',
    winner: (p) => `Game over! Winner: ${p.name}`,
    resultExact: (p) => `${p.name}: EXACT ${p.grams} g!`,
    resultOff: (p) => `${p.name}: ${p.grams} g, off by ${p.off} g.`,
    caller: (p) => `Round ${p.round}: ${p.name} calls the target`,
    called: (p) => `${p.name} calls ${p.amount} g.`,
    dice: (p) => `Dice ${p.high} and ${p.low}: ${p.amount} g.`,
    penalties: (p) => `Penalty: ${drinkers('en', p.drinkers)}.`,
    given: (p) => `${p.name} gives a penalty to ${p.drinkers[0]?.name ?? '?'}.`,
    giving: (p) => `${p.name} hit exactly: choose who drinks a penalty`,
    disqualified: (p) => `${p.name} is out.`,
    estimate: (p) => `Finale: Estimate your empty ${p.label}`,
    finalePlace: (p) => `${p.name}: Put your empty ${p.label} on the scale`,
    ready: () => 'Ready: set up a game in the app',
    waiting: (p) => `${p.game}: waiting for the leader to start`,
    cancelled: (p) => `${p.game}: cancelled`,
  },
  de: {
    tooLight: (p) =>
      `${p.grams} g ist zu leicht. ${p.name}: stell eine volle ${CONTAINERS.de[p.label] ?? p.label} drauf`,
    placeFull: (p) =>
      `${p.name}: stell deine volle ${CONTAINERS.de[p.label] ?? p.label} auf die Waage`,
    putOn: (p) => `${p.name}: stell deine ${CONTAINERS.de[p.label] ?? p.label} auf die Waage`,
    roundStart: (p) => `Runde ${p.round}: trinkt runter auf ${p.target} g! ${p.name} wiegt zuerst`,
    gameOver: () => 'Spiel vorbei',
    winner: (p) => `Spiel vorbei! Sieger: ${p.name}`,
    resultExact: (p) => `${p.name}: GENAU ${p.grams} g!`,
    resultOff: (p) => `${p.name}: ${p.grams} g, ${p.off} g daneben.`,
    caller: (p) => `Runde ${p.round}: Ansager ${p.name} sagt das Ziel an`,
    called: (p) => `${p.name} sagt ${p.amount} g an.`,
    dice: (p) => `Würfel ${p.high} und ${p.low}: ${p.amount} g.`,
    penalties: (p) => `Schnaps für ${drinkers('de', p.drinkers)}.`,
    given: (p) => `${p.name} verteilt einen Schnaps an ${p.drinkers[0]?.name ?? '?'}.`,
    giving: (p) => `${p.name} hat genau getroffen: wer trinkt einen Schnaps?`,
    disqualified: (p) => `${p.name} ist raus.`,
    estimate: (p) => `Leerwiegen: schätzt eure leere ${CONTAINERS.de[p.label] ?? p.label}`,
    finalePlace: (p) =>
      `${p.name}: stell deine leere ${CONTAINERS.de[p.label] ?? p.label} auf die Waage`,
    ready: () => 'Bereit: Richte in der App ein Spiel ein',
    waiting: (p) => `${gameNameDe(p.game)}: wartet auf den Start durch die Spielleitung`,
    cancelled: (p) => `${gameNameDe(p.game)}: abgebrochen`,
  },
};

const DEFAULTS: Required<DisplayParams> = {
  name: '?',
  round: 0,
  target: 0,
  grams: 0,
  off: 0,
  label: '',
  high: 0,
  low: 0,
  amount: 0,
  game: '',
  drinkers: [],
};

/** The lines of one DISPLAY in `language`, one sentence after the other. */
export function renderLines(lines: readonly DisplayLine[], language: Language): string {
  return lines
    .map((line) => TABLES[language][line.key]({ ...DEFAULTS, ...line.params }))
    .reduce((text, sentence) => {
      if (!text) return sentence;
      // A sentence that ends without a stop gets one before the next.
      return /[.!?]$/.test(text) ? `${text} ${sentence}` : `${text}. ${sentence}`;
    }, '');
}

export const DISPLAY_LANGUAGES = Object.keys(TABLES) as Language[];
/** For the test that every language words every key. */
export function keysOf(language: Language): string[] {
  return Object.keys(TABLES[language]);
}
