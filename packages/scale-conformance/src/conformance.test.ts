import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ScaleClient, type ScaleFault } from '@beerscale/scale-sim/scale-client';
import { CASES, type CaseId } from './cases';
import { reportHtml, reportTable, type ConformanceReport } from './report';
import { DEFAULT_UNREACHABLE_SSID, runConformance } from './run';
import { CALIBRATE_TEXT } from './scenario';
import {
  TEST_BACKOFF_MS,
  TEST_DEAD_LINK_MS,
  TEST_MAX_BACKOFF_MS,
  TEST_TIMINGS,
} from './test-timings';

/** The kit against one simulated scale (with the given defects), on a free port. */
async function runAgainstSimulator(faults: ScaleFault[] = []): Promise<ConformanceReport> {
  let scale: ScaleClient | null = null;
  try {
    return await runConformance({
      port: 0,
      host: '127.0.0.1',
      timings: TEST_TIMINGS,
      onListening: ([url]) => {
        scale = new ScaleClient({
          server: url!.replace(/\/ws\/device$/, ''),
          mac: 'C0FFEE000001',
          keyFile: null,
          seed: 7,
          unreachableSsids: [DEFAULT_UNREACHABLE_SSID],
          backoffBaseMs: TEST_BACKOFF_MS,
          maxBackoffMs: TEST_MAX_BACKOFF_MS,
          deadLinkMs: TEST_DEAD_LINK_MS,
          helloDelayMs: 1_300,
          faults,
        });
        // A standing weight, for the calibration cases to move.
        scale.place(250);
        // The person at the scale: calibrates it with the 250 g when the display asks.
        const person = scale;
        person.on('DISPLAY', (display) => {
          if (display.text === CALIBRATE_TEXT) person.calibrate(250);
        });
        scale.start();
      },
    });
  } finally {
    (scale as ScaleClient | null)?.stop();
  }
}

const failed = (report: ConformanceReport) =>
  report.results.filter((r) => r.verdict === 'FAIL').map((r) => r.id);

// Two cases (the back-off's reset and its random part) are judged from a few hundred
// milliseconds of waits, measured while 21 scenarios run at once on the test machine: a busy
// moment's scheduling delay can look like jitter (or growth). A run judged wrongly that way is
// tried again; a real defect fails every try.
describe.concurrent('the conformance kit', { retry: 2 }, () => {
  it('passes the simulator: every case PASS but the two a person watches', async () => {
    const report = await runAgainstSimulator();
    const verdicts = Object.fromEntries(report.results.map((r) => [r.id, r.verdict]));
    expect(verdicts, reportTable(report)).toEqual({
      hello: 'PASS',
      key: 'PASS',
      rate: 'PASS',
      pong: 'PASS',
      'cmd-id': 'PASS',
      unknown: 'PASS',
      'retry-after': 'PASS',
      backoff: 'PASS',
      settings: 'PASS',
      'wifi-failed': 'PASS',
      'pairing-quiet': 'PASS',
      'backoff-reset': 'PASS',
      jitter: 'PASS',
      'dead-link': 'PASS',
      calibrated: 'PASS',
      'calibration-factor': 'PASS',
      'status-minor': 'PASS',
      'wifi-once': 'PASS',
      'key-in-use': 'MANUAL',
      'final-reject': 'PASS',
      'pairing-code': 'MANUAL',
      'display-pages': 'MANUAL',
    });
    expect(report.passed).toBe(true);
    expect(report.scale).toMatchObject({ mac: 'C0FFEE000001', protocol: 1, minor: 1 });
    const pairing = report.results.find((r) => r.id === 'pairing-code')!;
    expect(pairing.detail).toMatch(/"Pair: \d{3} \d{3}"/);
    const pages = report.results.find((r) => r.id === 'display-pages')!;
    expect(pages.detail).toContain(
      'DRINKING: "Round 1: drink down to 431 g! Anna weighs first" (player Anna, target 431 g)',
    );
    // The table and the page carry every case with its verdict and quoted sentence.
    const html = reportHtml(report);
    for (const c of CASES) expect(html).toContain(c.title);
    expect(reportTable(report)).toMatch(/^PASS\s+HELLO within 5 s/m);
  });

  // Each deliberately broken copy of the simulator fails exactly the case of its defect.
  const broken: [ScaleFault, CaseId][] = [
    ['slowHello', 'hello'],
    ['forgetsKey', 'key'],
    ['floodsReadings', 'rate'],
    ['noPong', 'pong'],
    ['noAck', 'cmd-id'],
    ['appliesTwice', 'cmd-id'],
    ['refusesUnknown', 'unknown'],
    ['ignoresRetryAfter', 'retry-after'],
    ['noBackoff', 'backoff'],
    ['ignoresCalibration', 'settings'],
    ['noWifiStatus', 'wifi-failed'],
    ['ignoresCalibrationFactor', 'calibration-factor'],
    ['statusToOldServer', 'status-minor'],
    ['retriesFailedWifi', 'wifi-once'],
    ['readsWhilePairing', 'pairing-quiet'],
    ['noBackoffReset', 'backoff-reset'],
    ['noJitter', 'jitter'],
    ['noDeadLink', 'dead-link'],
    ['reconnectsAfterFinalReject', 'final-reject'],
  ];
  it.each(broken)('fails a simulator with the defect %s on exactly "%s"', async (fault, id) => {
    const report = await runAgainstSimulator([fault]);
    expect(failed(report), reportTable(report)).toEqual([id]);
    expect(report.passed).toBe(false);
  });
});

describe('the quoted sentences', () => {
  it('are sentences of docs/DEVICE-PROTOCOL.md', () => {
    const doc = readFileSync(
      new URL('../../../docs/DEVICE-PROTOCOL.md', import.meta.url),
      'utf8',
    ).replace(/\s+/g, ' ');
    for (const c of CASES) expect(doc, c.id).toContain(c.quote);
  });
});
