import { CASES, type CaseResult } from './cases';
import type { ScaleIdentity } from './scenario';

export interface ConformanceReport {
  startedAt: string;
  finishedAt: string;
  /** Where the scale was told to connect. */
  urls: string[];
  scale: ScaleIdentity | null;
  results: CaseResult[];
  /** True when no case failed (MANUAL cases need a person's eye, not the kit's). */
  passed: boolean;
}

/** The table printed at the end of a run: one line per case. */
export function reportTable(report: ConformanceReport): string {
  const width = Math.max(...CASES.map((c) => c.title.length));
  const lines = report.results.map(
    (r) => `${r.verdict.padEnd(6)} ${r.title.padEnd(width)}  ${r.detail}`,
  );
  const scale = report.scale;
  const who = scale
    ? `scale ${scale.mac ?? '?'} (model ${scale.model ?? '-'}, firmware ${scale.firmware ?? '-'}, protocol ${scale.protocol ?? 1}.${scale.minor ?? 0})`
    : 'no scale connected';
  const counts = (['PASS', 'FAIL', 'MANUAL'] as const)
    .map((v) => `${report.results.filter((r) => r.verdict === v).length} ${v}`)
    .join(', ');
  return [`beerscale conformance: ${who}`, ...lines, counts].join('\n');
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** The document's sentence as it reads there: its `code` and **bold** marks rendered. */
const markdown = (text: string) =>
  escape(text)
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/`([^`]+)`/g, '<code>$1</code>');

/** A self-contained page: each case, its verdict, what was seen, and the sentence it checks. */
export function reportHtml(report: ConformanceReport): string {
  const colour = { PASS: '#1b7f3b', FAIL: '#b3261e', MANUAL: '#8a5a00' } as const;
  const rows = report.results
    .map(
      (r) => `<tr>
  <td style="color:${colour[r.verdict]};font-weight:bold">${r.verdict}</td>
  <td>${escape(r.title)}</td>
  <td>${escape(r.detail)}</td>
  <td><q>${markdown(r.quote)}</q></td>
</tr>`,
    )
    .join('\n');
  const scale = report.scale;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>beerscale conformance report</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem; }
table { border-collapse: collapse; width: 100%; }
td, th { border: 1px solid #ccc; padding: 0.4rem; text-align: left; vertical-align: top; }
q { font-style: italic; }
</style>
</head>
<body>
<h1>beerscale conformance report</h1>
<p>Scale ${escape(scale?.mac ?? 'none')}, model ${escape(scale?.model ?? '-')}, firmware ${escape(scale?.firmware ?? '-')}, protocol ${scale?.protocol ?? 1}.${scale?.minor ?? 0};
run ${escape(report.startedAt)} to ${escape(report.finishedAt)} on ${escape(report.urls.join(', '))}.
<strong>${report.passed ? 'No case failed.' : 'Some cases failed.'}</strong>
MANUAL cases need the person who watched the scale's display.</p>
<table>
<thead><tr><th>Verdict</th><th>Case</th><th>What the kit saw</th><th>docs/DEVICE-PROTOCOL.md</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</body>
</html>
`;
}
