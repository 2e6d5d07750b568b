// The benchmark's table: figures, the budget (docs/PERFORMANCE.md) each one answers to, PASS or MISS and by
// how much. Printed to the terminal, kept as JSON, and written into docs/PERFORMANCE.md between
// markers (`--write`), so the document is regenerated rather than edited by hand.
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * @typedef {{ id: string, name: string, rps?: number, p50?: number, p99?: number,
 *   baseRps?: number, ratio?: number, floor?: number, value?: number, unit?: string, note?: string,
 *   budget?: { text: string, pass: boolean, miss: string } }} Row
 */

/** A budget "at most `limit`" on `value`. */
export function atMost(value, limit, unit, label = '') {
  const pass = value <= limit;
  return {
    text: `${label}≤ ${fmt(limit)} ${unit}`.trim(),
    pass,
    miss: pass ? '' : `${fmt(value - limit)} ${unit} over (${pct((value - limit) / limit)})`,
  };
}

/** A budget "below `limit`" on `value`. */
export function below(value, limit, unit, label = '') {
  const pass = value < limit;
  return {
    text: `${label}< ${fmt(limit)} ${unit}`.trim(),
    pass,
    miss: pass ? '' : `${fmt(value - limit)} ${unit} over (${pct((value - limit) / limit)})`,
  };
}

/** A budget "at least `limit`" on `value`: what a measurement needs to have measured anything. */
export function atLeast(value, limit, unit, label = '') {
  const pass = value >= limit;
  return {
    text: `${label}≥ ${fmt(limit)} ${unit}`.trim(),
    pass,
    miss: pass ? '' : `${label}${fmt(value)} ${unit}, below ${fmt(limit)}`.trim(),
  };
}

/** Several budgets on one row: all must pass. */
export function all(...budgets) {
  return {
    text: budgets.map((b) => b.text).join(', '),
    pass: budgets.every((b) => b.pass),
    miss: budgets
      .filter((b) => !b.pass)
      .map((b) => b.miss)
      .join('; '),
  };
}

/**
 * At least `min` (a share, 0.35 = 35 %) of the baseline's throughput; a MISS also says whether
 * the figure is still above `floor`, the lower limit the budget was raised from.
 */
export function ratioAtLeast(ratio, min, floor) {
  const pass = ratio >= min;
  const short = `${Math.round((min - ratio) * 1000) / 10} points short of ${pct(min)}`;
  const aboveFloor = floor === undefined ? '' : ratio >= floor ? ', above' : ', below';
  return {
    text: `≥ ${pct(min)} of baseline${floor === undefined ? '' : ` (floor ${pct(floor)})`}`,
    pass,
    miss: pass ? '' : `${short}${aboveFloor}${aboveFloor ? ` the ${pct(floor)} floor` : ''}`,
  };
}

export function fmt(n, digits) {
  if (n === undefined || n === null || Number.isNaN(n)) return '-';
  const d = digits ?? (Math.abs(n) >= 100 ? 0 : Math.abs(n) >= 10 ? 1 : 2);
  return n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: 0 });
}

export function pct(share) {
  return `${Math.round(share * 1000) / 10} %`;
}

const COLUMNS = [
  'benchmark',
  'req/s',
  'p50 ms',
  'p99 ms',
  'baseline req/s',
  'vs baseline',
  'floor (/api/health)',
  'figure',
  'budget',
  'result',
];

function cells(row) {
  return [
    row.name,
    fmt(row.rps, 0),
    fmt(row.p50),
    fmt(row.p99),
    fmt(row.baseRps, 0),
    row.ratio === undefined ? '' : pct(row.ratio),
    row.floor === undefined ? '' : pct(row.floor),
    row.value === undefined ? (row.note ?? '') : `${fmt(row.value)} ${row.unit ?? ''}`.trim(),
    row.budget?.text ?? '',
    row.budget ? (row.budget.pass ? 'PASS' : `MISS: ${row.budget.miss}`) : '',
  ];
}

/** A plain-text table for the terminal. */
export function formatTable(rows) {
  const table = [COLUMNS, ...rows.map(cells)];
  const widths = COLUMNS.map((_, i) => Math.max(...table.map((r) => String(r[i]).length)));
  return table
    .map((r) =>
      r
        .map((c, i) => String(c).padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** The same table in Markdown. */
export function markdownTable(rows) {
  const line = (r) => `| ${r.map((c) => String(c).replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(COLUMNS), line(COLUMNS.map(() => '---')), ...rows.map((r) => line(cells(r)))].join(
    '\n',
  );
}

/**
 * Replaces the block between `<!-- bench:NAME:begin -->` and `<!-- bench:NAME:end -->` in the
 * file (appending it when the markers are missing).
 */
export function writeSection(file, name, markdown) {
  const begin = `<!-- bench:${name}:begin -->`;
  const end = `<!-- bench:${name}:end -->`;
  const text = readFileSync(file, 'utf8');
  const block = `${begin}\n${markdown.trim()}\n${end}`;
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  const next =
    from >= 0 && to > from
      ? text.slice(0, from) + block + text.slice(to + end.length)
      : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next);
}
