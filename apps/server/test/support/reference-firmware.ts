import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const root = new URL('../../../../', import.meta.url).pathname;
const sourceDir = join(root, 'firmware');
const buildDir = join(sourceDir, 'build');
export const FIRMWARE_BINARY = join(buildDir, 'beerscale-scale');

/**
 * The host build of the reference firmware (firmware/), built here when `npm test` has not
 * built it yet. Null with the reason when it cannot be built (no cmake or g++ on this machine).
 */
export function findOrBuildFirmware(): { binary: string | null; reason: string } {
  if (existsSync(FIRMWARE_BINARY)) return { binary: FIRMWARE_BINARY, reason: '' };
  const cmake = spawnSync('cmake', ['--version'], { encoding: 'utf8' });
  if (cmake.status !== 0) {
    return { binary: null, reason: 'cmake is not installed (apt-get install g++ cmake ...)' };
  }
  for (const args of [
    ['-S', sourceDir, '-B', buildDir],
    ['--build', buildDir, '-j2', '--target', 'beerscale-scale'],
  ]) {
    const step = spawnSync('cmake', args, { encoding: 'utf8' });
    if (step.status !== 0) {
      return { binary: null, reason: `the firmware does not build: ${step.stderr.slice(-2000)}` };
    }
  }
  return { binary: FIRMWARE_BINARY, reason: '' };
}

/**
 * One run of beerscale-scale: its stdout lines (`DISPLAY ...`, `PAIRING CODE ...`) can be waited
 * for; `script` sets what stands on its platform from now on (the binary reads the file again
 * when it changes, and its seconds count from then).
 */
export class FirmwareRun {
  readonly lines: string[] = [];
  private readonly waiters: { pattern: RegExp; resolve: (m: RegExpMatchArray) => void }[] = [];
  private readonly child: ChildProcess;
  private readonly exited: Promise<number | null>;
  stderr = '';

  constructor(
    binary: string,
    readonly options: { server: string; mac: string; dir: string; extra?: string[] },
  ) {
    this.child = spawn(
      binary,
      [
        '--server',
        options.server,
        '--mac',
        options.mac,
        '--load',
        join(options.dir, 'load.txt'),
        '--store',
        join(options.dir, 'store.json'),
        ...(options.extra ?? []),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child.stderr!.on('data', (chunk) => (this.stderr += chunk.toString()));
    createInterface({ input: this.child.stdout! }).on('line', (line) => {
      this.lines.push(line);
      for (const waiter of [...this.waiters]) {
        const match = line.match(waiter.pattern);
        if (match) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(match);
        }
      }
    });
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
  }

  /** The first line from now on (or already printed after `since`) that matches. */
  line(pattern: RegExp, since = 0, timeoutMs = 20_000): Promise<RegExpMatchArray> {
    for (const line of this.lines.slice(since)) {
      const match = line.match(pattern);
      if (match) return Promise.resolve(match);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(
          new Error(
            `the firmware never printed ${pattern}; it printed:\n${this.lines.join('\n')}\n${this.stderr}`,
          ),
        );
      }, timeoutMs);
      this.waiters.push({
        pattern,
        resolve: (match) => {
          clearTimeout(timer);
          resolve(match);
        },
      });
    });
  }

  /** SIGTERM; resolves with the exit code. */
  async stop(): Promise<number | null> {
    this.child.kill('SIGTERM');
    return this.exited;
  }
}

/** A folder for one scale's load file and store; `script` writes the load file atomically. */
export function scaleFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'beerscale-firmware-'));
  const script = (steps: [seconds: number, grams: number][]) => {
    const file = join(dir, 'load.txt');
    writeFileSync(`${file}.next`, steps.map(([s, g]) => `${s} ${g}\n`).join(''));
    renameSync(`${file}.next`, file);
  };
  script([[0, 0]]);
  return { dir, script, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Puts each weight on the platform in turn, as the table does: the platform empty for a second,
 * then the container, which stays until the game moves on (the scale shows the next DISPLAY of
 * the game), however long the server takes to see it.
 */
export async function placeInTurn(
  run: FirmwareRun,
  script: (steps: [number, number][]) => void,
  grams: number[],
): Promise<void> {
  for (const weight of grams) {
    const mark = run.lines.length;
    script([
      [0, 0],
      [1, weight],
    ]);
    await run.line(/^DISPLAY (INITIAL_WEIGHING|DRINKING|SCORING|FINISHED): /, mark, 30_000);
  }
  script([[0, 0]]);
}
