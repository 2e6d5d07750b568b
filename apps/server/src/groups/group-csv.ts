import { seasonOf, type PlayedGame, type SeasonSpan } from './group-table';

// GET /api/groups/{id}/export.csv: one row per player per game, UTF-8 with a byte-order mark so
// a spreadsheet opens umlauts right, a header, RFC 4180 quoting. A cell that a spreadsheet would
// run as a formula (=, +, -, @ first) is quoted with a leading apostrophe.

const HEADER = [
  'game_id',
  'completed_at',
  'season',
  'game',
  'mode',
  'member_id',
  'player',
  'rank',
  'mean_difference_g',
  'exact_hits',
  'penalties',
];

export function groupCsv(
  games: readonly PlayedGame[],
  seasons: readonly SeasonSpan[],
  nameOf: (memberId: number, fallback?: string) => string,
): string {
  const lines = [HEADER.join(',')];
  for (const game of games) {
    const season = seasonOf(game.completedAt, seasons);
    for (const p of game.players) {
      lines.push(
        [
          game.gameId,
          game.completedAt,
          season ?? '',
          game.name,
          game.mode,
          p.memberId ?? '',
          p.memberId !== null ? nameOf(p.memberId, p.name) : p.name,
          p.rank ?? '',
          p.meanDifference ?? '',
          p.exactHits,
          p.penalties,
        ]
          .map(cell)
          .join(','),
      );
    }
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

function cell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n']/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
