import {
  CARD_HEIGHT,
  CARD_WIDTH,
  COLORS,
  MEDALS,
  PADDING,
  clamped,
  el,
  renderTree,
} from './result-card';

/**
 * A table to share (a group's season, a tournament's standings), already in the reader's words:
 * the services word it from the catalogues; the worker only draws it.
 */
export interface TableCard {
  title: string;
  subtitle: string;
  rows: { place: number; name: string; figure: string; detail: string }[];
}

/** At most eight rows fit the card's height at a size read across a room. */
const ROWS = 8;

/** The card's tree: name and season on top, the best eight with their figures below. */
export function tableCardTree(card: TableCard) {
  return el(
    {
      width: CARD_WIDTH - 2 * PADDING,
      height: CARD_HEIGHT - 2 * PADDING,
      backgroundColor: COLORS.background,
      padding: PADDING,
      flexDirection: 'column',
    },
    el({ fontSize: 24, fontWeight: 700, color: COLORS.amber, letterSpacing: 1 }, 'beerscale'),
    el(
      { fontSize: 48, fontWeight: 700, color: COLORS.foam, marginTop: 4, ...clamped(1) },
      card.title,
    ),
    el({ fontSize: 26, color: COLORS.muted, marginTop: 2, ...clamped(1) }, card.subtitle),
    el(
      { flexDirection: 'column', marginTop: 18, gap: 6 },
      ...card.rows.slice(0, ROWS).map((row) =>
        el(
          {
            alignItems: 'center',
            gap: 18,
            backgroundColor: COLORS.panel,
            borderRadius: 12,
            padding: '4px 18px',
          },
          el(
            {
              width: 40,
              fontSize: 28,
              fontWeight: 700,
              color: MEDALS[row.place - 1] ?? COLORS.muted,
            },
            String(row.place),
          ),
          el({ flexGrow: 1, fontSize: 30, color: COLORS.foam, ...clamped(1) }, row.name),
          el({ fontSize: 22, color: COLORS.muted }, row.detail),
          el(
            {
              width: 150,
              justifyContent: 'flex-end',
              fontSize: 30,
              fontWeight: 700,
              color: COLORS.amber,
            },
            row.figure,
          ),
        ),
      ),
    ),
  );
}

export function renderTableCard(card: TableCard): Promise<Buffer> {
  return renderTree(tableCardTree(card));
}
