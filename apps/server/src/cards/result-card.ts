import { CLASSIC_RULES } from '@beerscale/contract/rules';
import type {
  AwardId,
  GameAward,
  GamePlayerState,
  GameState,
} from '@beerscale/contract/game-state';
import type { Language } from '@beerscale/contract/profile';
import { emojiPictures } from './card-emoji';
import { fontsFor } from './card-fonts';
import { cardTextsFor, type CardTexts } from './card-texts';

/** Open Graph's preview size: chat apps crop other sizes. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** The server's stock name of a fast game (shown in the reader's language). */
const FAST_GAME_NAME = 'Fast Game';

// satori takes React-like elements; plain objects keep JSX out of the server.
export type Style = Record<string, string | number>;
export interface Node {
  type: string;
  props: { style?: Style; children?: Child | Child[] };
}
export type Child = Node | string | null;
export const el = (style: Style, ...children: Child[]): Node => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children },
});

/**
 * A name in its box: at most `lines` lines, broken anywhere if a word is longer than the box,
 * the rest cut with an ellipsis. A game's name has up to 60 characters and a player's 10, of
 * any width: a long word, or a run of wide characters (CJK, emoji), overflowed the card.
 */
export const clamped = (lines: number): Style => ({
  display: 'block',
  flexShrink: 0,
  lineClamp: lines,
  overflowWrap: 'anywhere',
  overflow: 'hidden',
});

/** Every text of a tree, for choosing its fonts (and for tests: what the card says). */
export function textOf(node: Child | Child[] | undefined): string {
  if (node === null || node === undefined) return '';
  if (typeof node === 'string') return node;
  if (Array.isArray(node)) return node.map(textOf).join('');
  return textOf(node.props.children);
}

export const COLORS = {
  background: '#1c1209',
  panel: '#2b1d10',
  amber: '#fbbf24',
  foam: '#fdf6e3',
  muted: '#c9b79c',
  ink: '#1c1209',
};

export const PADDING = 48;
/** Penalties and "out": the screens' red, light enough on the card's brown. */
const PENALTY_RED = '#fca5a5';
export const MEDALS = ['#fbbf24', '#d6d3d1', '#d97706'];

function standings(game: GameState) {
  return [...game.players]
    .filter((p) => p.meanDifference !== null)
    .sort(
      (a, b) =>
        (a.rank ?? 99) - (b.rank ?? 99) ||
        (a.meanDifference ?? 0) - (b.meanDifference ?? 0) ||
        a.position - b.position,
    );
}

function headline(game: GameState, T: CardTexts): string {
  if (game.status === 'completed') return T.finalResults;
  if (game.status === 'cancelled') return T.cancelled;
  return game.round > 0 ? T.live(game.round, game.roundsPlanned) : T.setUp;
}

/**
 * The rules and the day under the headline: "Bundeswiega · Mean + penalties · November 28,
 * 2026". A running game's card is of today; an ended one's of the day it ended.
 */
function rulesAndDay(game: GameState, T: CardTexts, now: Date): string {
  const day = game.completedAt ? new Date(game.completedAt) : now;
  const { preset, scoring } = game.rules;
  // The scoring's name once, over figures that are bare numbers (mean + penalties, golf).
  const by = scoring === 'mean' ? [] : [T.scoring(scoring)];
  return [T.preset(preset), ...by, T.date(day)].join(' · ');
}

/** A player's penalties in their own drink and whether they are out, or null for neither. */
function penaltyLine(p: GamePlayerState, T: CardTexts): string | null {
  const parts = [p.penalties > 0 ? T.penalties(p.penalties, p.penaltyDrink) : null];
  if (p.disqualified) parts.push(T.out);
  const line = parts.filter(Boolean).join(' · ');
  return line || null;
}

/**
 * The figure the ranking uses (issue 44 item 9: the card showed the mean while a Bundeswiega
 * game ranks by mean + penalties); the mean where there is no score yet.
 */
function figure(game: GameState, p: GamePlayerState, T: CardTexts): string {
  if (p.score === null || game.rules.scoring === 'mean') {
    return T.mean(T.number(p.meanDifference ?? 0, 1));
  }
  return T.score(game.rules.scoring, p.score);
}

/** A disqualified player's name is struck through, as on the screens (and says "out" beside). */
const struck = (p: GamePlayerState): Style =>
  p.disqualified ? { textDecoration: 'line-through' } : {};

function podium(game: GameState, T: CardTexts): Node {
  const top = standings(game).slice(0, 3);
  // 2, 1, 3 from left to right, the winner's step the tallest.
  const order = [top[1], top[0], top[2]];
  const heights = [100, 130, 76];
  return el(
    { alignItems: 'flex-end', gap: 14, marginTop: 18 },
    ...order.map((p, i) => {
      if (!p) return el({ width: 190 });
      const place = i === 1 ? 1 : i === 0 ? 2 : 3;
      const line = penaltyLine(p, T);
      return el(
        { flexDirection: 'column', alignItems: 'center', width: 190 },
        el(
          {
            fontSize: 28,
            fontWeight: 700,
            color: COLORS.foam,
            width: 190,
            textAlign: 'center',
            ...clamped(2),
            ...struck(p),
          },
          p.playerName,
        ),
        el(
          {
            fontSize: 22,
            color: COLORS.muted,
            marginTop: 4,
            width: 190,
            textAlign: 'center',
            ...clamped(2),
          },
          figure(game, p, T),
        ),
        line && el({ fontSize: 20, fontWeight: 700, color: PENALTY_RED, marginTop: 2 }, line),
        el(
          {
            marginTop: 10,
            width: 190,
            height: heights[i]!,
            backgroundColor: MEDALS[place - 1]!,
            borderRadius: 16,
            justifyContent: 'center',
            paddingTop: 8,
            fontSize: 52,
            fontWeight: 700,
            color: COLORS.ink,
          },
          String(p.rank ?? place),
        ),
      );
    }),
  );
}

function scores(game: GameState, T: CardTexts): Node {
  const rest = standings(game).slice(3, 7);
  return el(
    { flexDirection: 'column', gap: 6, marginTop: 16 },
    ...rest.map((p) => {
      const line = penaltyLine(p, T);
      return el(
        { fontSize: 22, color: COLORS.muted, gap: 12 },
        el({ width: 32, fontWeight: 700, color: COLORS.foam }, `${p.rank ?? ''}.`),
        el(
          {
            flexGrow: 1,
            flexBasis: 0,
            minWidth: 140,
            color: COLORS.foam,
            ...clamped(1),
            ...struck(p),
          },
          p.playerName,
        ),
        el(
          {},
          game.rules.scoring === 'mean'
            ? `${figure(game, p, T)} · ${T.exact(p.exactMatches)}`
            : figure(game, p, T),
        ),
        line && el({ fontWeight: 700, color: PENALTY_RED }, line),
      );
    }),
  );
}

function awardRows(game: GameState, T: CardTexts): Node | null {
  const groups = new Map<AwardId, GameAward[]>();
  for (const a of game.awards) groups.set(a.id, [...(groups.get(a.id) ?? []), a]);
  if (groups.size === 0) return null;
  const nameOf = (id: number) => game.players.find((p) => p.id === id)?.playerName ?? '';
  return el(
    {
      flexDirection: 'column',
      width: 420,
      flexShrink: 0,
      backgroundColor: COLORS.panel,
      borderRadius: 24,
      padding: '24px 28px',
      gap: 14,
    },
    el({ fontSize: 30, fontWeight: 700, color: COLORS.amber }, T.awards),
    ...[...groups].slice(0, 6).map(([id, holders]) => {
      const value = holders[0]!.value;
      const formatted = T.number(value, Number.isInteger(value) ? 0 : 1);
      return el(
        { flexDirection: 'column' },
        el(
          { fontSize: 22, fontWeight: 700, color: COLORS.foam, ...clamped(2) },
          `${T.award[id]}: ${holders.map((h) => nameOf(h.playerId)).join(' · ')}`,
        ),
        el({ fontSize: 19, color: COLORS.muted }, T.awardValue(id, value, formatted)),
      );
    }),
  );
}

/**
 * The card's element tree: name, state, rules and day on top, podium and scores (with each
 * player's penalties and who is out) left, awards right. `now` dates a game still running.
 */
export function cardTree(game: GameState, language: Language, now = new Date()): Node {
  const T = cardTextsFor(language, game);
  const name = game.name === FAST_GAME_NAME ? T.fastGame : game.name;
  const awards = awardRows(game, T);
  return el(
    {
      // satori sizes boxes without their padding: the padding is added to these.
      width: CARD_WIDTH - 2 * PADDING,
      height: CARD_HEIGHT - 2 * PADDING,
      backgroundColor: COLORS.background,
      padding: PADDING,
      alignItems: 'flex-start',
      gap: 36,
    },
    el(
      { flexDirection: 'column', width: awards ? 640 : CARD_WIDTH - 2 * PADDING },
      el({ fontSize: 24, fontWeight: 700, color: COLORS.amber, letterSpacing: 1 }, 'beerscale'),
      el(
        {
          fontSize: name.length > 30 ? 40 : 54,
          fontWeight: 700,
          color: COLORS.foam,
          marginTop: 6,
          ...clamped(2),
        },
        name,
      ),
      el({ fontSize: 26, color: COLORS.muted, marginTop: 4 }, headline(game, T)),
      el(
        { fontSize: 22, color: COLORS.muted, marginTop: 2, ...clamped(2) },
        rulesAndDay(game, T, now),
      ),
      podium(game, T),
      scores(game, T),
    ),
    awards,
  );
}

/** The card as a PNG: satori lays it out as SVG, resvg rasterises it. */
export async function renderCard(game: GameState, language: Language): Promise<Buffer> {
  return renderTree(cardTree(game, language));
}

/** Any card's tree as a PNG (the result card's, a group's or a tournament's table). */
export async function renderTree(tree: Node): Promise<Buffer> {
  // Loaded with the first card: satori, its layout engine and resvg are megabytes of code and
  // memory that a server drawing no card does without (docs/PERFORMANCE.md).
  const [{ default: satori }, { Resvg }] = await Promise.all([
    import('satori'),
    import('@resvg/resvg-js'),
  ]);
  const text = textOf(tree);
  // Only the fonts its texts need: an Arabic, Chinese or Korean name loads that script's font.
  const { fonts, fontFamily } = fontsFor(text);
  tree.props.style = { ...tree.props.style, fontFamily };
  const svg = await satori(tree as unknown as Parameters<typeof satori>[0], {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts,
    graphemeImages: await emojiPictures(satori, text, COLORS.foam),
  });
  return new Resvg(svg, { fitTo: { mode: 'width', value: CARD_WIDTH } }).render().asPng();
}

/**
 * Loads the fonts and satori's layout engine ahead of the first request (about half a second
 * of one core once), so a game's first card is made within its budget (docs/PERFORMANCE.md).
 */
export async function warmUpCards(): Promise<void> {
  const sample: GameState = {
    id: 0,
    name: FAST_GAME_NAME,
    mode: 'fast',
    status: 'active',
    phase: 'INITIAL_WEIGHING',
    round: 0,
    roundsPlanned: 1,
    target: null,
    currentPlayerId: null,
    scaleAddress: null,
    containerType: null,
    rated: null,
    rules: CLASSIC_RULES,
    adultsConfirmed: false,
    caller: null,
    dice: null,
    scaleKind: null,
    bridgedBy: null,
    rating: null,
    voided: false,
    players: [],
    awards: [],
  };
  await renderCard(sample, 'en');
}
