import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportTable } from './report';
import { DEFAULT_UNREACHABLE_SSID, runConformance } from './run';

/** The reference firmware's host build (firmware/, built by `npm test` before this suite). */
const BINARY = resolve(import.meta.dirname, '../../../firmware/build/beerscale-scale');
const built = existsSync(BINARY);

describe.skipIf(!built)('the conformance kit against the reference firmware (host build)', () => {
  // Its dead-link timeout is the document's 45 s: the run takes about two and a half minutes.
  it('passes firmware/build/beerscale-scale: no case FAIL', { timeout: 300_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'beerscale-conformance-'));
    const load = join(dir, 'load.txt');
    // A 250 g weight stands on the platform from the start, for the calibration case.
    writeFileSync(load, '0 250\n');
    let scale: ChildProcess | null = null;
    let output = '';
    try {
      const report = await runConformance({
        port: 0,
        host: '127.0.0.1',
        // The firmware's own timings are real (back-off from 0.5 s): only the kit's waits for a
        // person are cut.
        timings: {
          connectTimeoutMs: 20_000,
          pairingHoldMs: 200,
          rateWindowMs: 2_000,
          unknownWindowMs: 1_000,
          displayPageMs: 0,
          wifiTimeoutMs: 40_000,
          retryAfterS: 1,
          calibrationWindowMs: 5_000,
          wifiRetryWindowMs: 3_000,
          finalWindowMs: 5_000,
        },
        // The person at the scale: SIGUSR2 calibrates the host build with --known-weight.
        log: (line) => {
          if (line.includes('calibrate it now')) scale?.kill('SIGUSR2');
        },
        onListening: ([url]) => {
          scale = spawn(
            BINARY,
            [
              '--server',
              url!,
              '--mac',
              'AABBCCDDEEFF',
              '--load',
              load,
              '--store',
              join(dir, 'store.json'),
              '--unreachable-ssid',
              DEFAULT_UNREACHABLE_SSID,
              '--known-weight',
              '250',
            ],
            { stdio: ['ignore', 'pipe', 'pipe'] },
          );
          scale.stdout?.on('data', (chunk) => (output += String(chunk)));
          scale.stderr?.on('data', (chunk) => (output += String(chunk)));
        },
      });
      const verdict = (id: string) => report.results.find((r) => r.id === id)?.verdict;
      expect(verdict('calibrated'), reportTable(report)).toBe('PASS');
      expect(verdict('calibration-factor'), reportTable(report)).toBe('PASS');
      expect(
        report.passed,
        `${reportTable(report)}\n--- firmware output ---\n${output.slice(-4000)}`,
      ).toBe(true);
      // The host binary prints the code it shows (the display's pairing page).
      expect(output).toMatch(/PAIRING CODE \d{6}/);
    } finally {
      (scale as ChildProcess | null)?.kill();
    }
  });
});

if (!built) {
  describe('the conformance kit against the reference firmware', () => {
    it.skip(`skipped: ${BINARY} is not built (cmake -S firmware -B firmware/build && cmake --build firmware/build)`, () => {});
  });
}
