import type { Language } from '@beerscale/contract/profile';
import type { PenaltyReason } from '@beerscale/contract/game-state';
import { CATALOGUE_LANGUAGES, hasText, text } from '../../../i18n/catalogue';

// Every text a scale's screen shows (the engine's prompts and results, the notifier's idle,
// waiting and cancelled screens) as keys with values. The wording is the app's catalogues'
// (`display.<key>` in apps/web/src/locales/{en,de}.json, the files the screens are worded from),
// rendered by Lingui in i18n/catalogue.ts. The engine and the notifier emit lines;
// devices/device-notifier.ts words them in the game leader's language on the way out. A key
// missing from a language fails display-lines.test.ts, and the web's catalogue test checks both
// languages hold the same keys and placeholders. The English wording is what
// docs/DEVICE-PROTOCOL.md shows.

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
  // Penalties name the drink each penalised player drinks for one: Schnaps or a sip.
  'penaltySpirits',
  'penaltySips',
  'givenSpirit',
  'givenSip',
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

/** A container's word when the catalogue has one ("Dose"), else the label as it is. */
function container(language: Language, label: string): string {
  const key = `display.container.${label}`;
  return hasText(language, key) ? text(language, key) : label;
}

/**
 * The budget of a scale's text (docs/DEVICE-PROTOCOL.md, DISPLAY): the reference display shows
 * 21 characters a line and 4 lines at once; every sentence fits that with names of up to 10
 * characters, and a whole text fits DISPLAY_TEXT_MAX.
 */
export const DISPLAY_LINE_CHARACTERS = 21;
export const DISPLAY_SENTENCE_LINES = 4;
/** A game's own name is shown up to this long (it may have 60 characters). */
const GAME_NAME_SHOWN = 20;

/**
 * The server's stock name of a fast game in the reader's language ("Fast Game: wartet…" would
 * mix English into German). Compared, not looked up: a game named "constructor" must not find
 * Object's. A long own name is shortened, so the sentence keeps its instruction on the screen.
 */
function gameName(language: Language, name: string): string {
  if (name === 'Fast Game') return text(language, 'display.fastGame');
  return name.length > GAME_NAME_SHOWN ? `${name.slice(0, GAME_NAME_SHOWN - 1).trimEnd()}…` : name;
}

/** Who drinks and why: "Anna (farthest), Ben (Schnapszahl)". */
function drinkers(language: Language, list: Required<DisplayParams>['drinkers']): string {
  return list
    .map((d) =>
      text(language, 'display.drinker', {
        name: d.name,
        reason: text(language, `display.reason.${d.reason}`),
      }),
    )
    .join(', ');
}

/** One line in `language`: its catalogue message with the derived values filled in. */
function sentence(line: DisplayLine, language: Language): string {
  const p = { ...DEFAULTS, ...line.params };
  return text(language, `display.${line.key}`, {
    name: p.name,
    round: p.round,
    target: p.target,
    grams: p.grams,
    off: p.off,
    label: container(language, p.label),
    high: p.high,
    low: p.low,
    amount: p.amount,
    game: gameName(language, p.game),
    drinkers: drinkers(language, p.drinkers),
    receiver: p.drinkers[0]?.name ?? '?',
  });
}

/**
 * The lines of one DISPLAY in `language`, one sentence after the other. With `max`, whole
 * sentences are left off at the end while the text would be longer (the first, the instruction,
 * stays, cut with an ellipsis only if it alone is too long).
 */
export function renderLines(
  lines: readonly DisplayLine[],
  language: Language,
  max = Number.POSITIVE_INFINITY,
): string {
  let text = '';
  for (const next of lines.map((line) => sentence(line, language))) {
    // A sentence that ends without a stop gets one before the next.
    const joined = !text ? next : /[.!?]$/.test(text) ? `${text} ${next}` : `${text}. ${next}`;
    if (joined.length > max) {
      if (text) break;
      return `${next.slice(0, max - 1)}…`;
    }
    text = joined;
  }
  return text;
}

export const DISPLAY_LANGUAGES = CATALOGUE_LANGUAGES;
/** For the test that every language words every key. */
export function keysOf(language: Language): string[] {
  return DISPLAY_KEYS.filter((key) => hasText(language, `display.${key}`));
}
