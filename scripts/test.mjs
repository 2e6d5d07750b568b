// `npm test`: the static checks, the reference firmware's build and unit tests, Vitest (every
// project: unit, integration on SQLite and, when TEST_DATABASE_URL is set, PostgreSQL, and the
// server-system suites) and Playwright in Debian's Chromium (required when CI=true). `npm run
// test:fast` is Vitest without the system suites. Ends with one line `N passed, N failed, N
// skipped` that sums every suite; nothing is left in the temporary folder afterwards.
//
// The checks and the builds run in the background (nice 10) beside the tests, which run in
// stages (below). The tests stream their output as they go; a background step's output is
// printed whole when it ends, so no two steps' lines interleave.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const ci = process.env.CI === 'true';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let passed = 0;
let failed = 0;
let skipped = 0;
// Named again just before the summary line, so the end of a long CI log says what failed.
const failures = [];

/**
 * Runs one step; resolves with whether it exited 0. `live` streams its output as it comes;
 * `background` runs it at a lower priority (nice 10): the checks only use cores and nothing
 * waits for them, while the tests wait on timers and sockets and must not be kept from a core
 * while they do.
 */
function run(label, command, args, { env = {}, live = false, background = false } = {}) {
  const started = Date.now();
  if (live) console.log(`\n▶ ${label}`);
  return new Promise((resolve) => {
    const [file, argv] = background ? ['nice', ['-n', '10', command, ...args]] : [command, args];
    const child = spawn(file, argv, {
      cwd: root,
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    let reported = false;
    // A child that cannot be spawned emits 'error' and then 'close': one report.
    const done = (ok) => {
      if (reported) return;
      reported = true;
      if (!live) {
        console.log(`\n▶ ${label}`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(`◀ ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve(ok);
    };
    child.on('error', (err) => {
      output.push(Buffer.from(`${err.message}\n`));
      done(false);
    });
    child.on('close', (code) => done(code === 0));
  });
}

/** A step counted as one test; the checks, which nothing waits for, run in the background. */
async function check(label, command, args, { background = true } = {}) {
  if (await run(label, command, args, { background })) passed += 1;
  else {
    failed += 1;
    failures.push(label);
    console.log(`✗ ${label} failed`);
  }
}

const out = mkdtempSync(join(tmpdir(), 'beerscale-test-report-'));
const specs = existsSync(join(root, 'e2e/specs'))
  ? readdirSync(join(root, 'e2e/specs')).filter((f) => f.endsWith('.spec.ts'))
  : [];
const haveBrowser = specs.length > 0 && existsSync(chromium);

// Three stages (docs/ARCHITECTURE.md, Decisions, "npm test"). First the system suites, two
// files at a time, which mostly wait on their child processes and timers, with the firmware's
// build and the web app's build beside them in the background; then Vitest's other projects
// (the reference-firmware suites play with the binary built before); then the browser tests.
// The checks run in the background of the last two, which leave part of a core idle. Each
// stage's tests have the cores at normal priority: side by side, tests waiting on timers
// failed on a slow day of this 2-core machine.
const [, webBuilt] = await Promise.all([
  buildFirmware(),
  buildWeb(),
  vitest('system suites (vitest, server-system)', 'server-system'),
]);
// Nothing waits for the checks.
const checks = [
  check('typecheck', 'npm', ['run', '--silent', 'typecheck']),
  check('lint', 'npx', ['eslint', '--max-warnings', '0', '.']),
  check('format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']),
];
// Without a built firmware its suites say so and are skipped; the rest still runs.
await vitest('unit and integration tests (vitest)', '!server-system');
if (webBuilt) await browserTests();
await Promise.all(checks);

/**
 * The reference firmware (firmware/, C++17): configure, build (the host binary, the unit tests
 * and the ESP32 sketch's adapters against their stubs) and run its unit tests with ctest.
 */
async function buildFirmware() {
  if (spawnSync('cmake', ['--version']).status !== 0) {
    console.log(
      '\n✗ firmware: cmake not found (apt-get install -y g++ cmake libboost-dev nlohmann-json3-dev doctest-dev)',
    );
    failed += 1;
    failures.push('firmware: cmake not found');
    return;
  }
  await check('firmware: build and unit tests (cmake, ctest)', 'sh', [
    '-c',
    'cmake -S firmware -B firmware/build >/dev/null && cmake --build firmware/build -j2 && ctest --test-dir firmware/build --output-on-failure',
  ]);
}

/** One Vitest run of the given projects, its output streamed, its report counted. */
function vitest(label, project) {
  const report = join(out, `vitest-${project.replace(/\W/g, '')}.json`);
  const args = ['vitest', 'run', `--project=${project}`, '--reporter=default', '--reporter=json'];
  return run(label, 'npx', [...args, `--outputFile.json=${report}`], { live: true }).then((ok) =>
    countVitest(report, ok),
  );
}

/** The web app's build, which the browser tests serve. */
async function buildWeb() {
  if (specs.length === 0 || !haveBrowser) return true;
  if (await run('build the web app', 'npm', ['run', '--silent', 'build'], { background: true })) {
    return true;
  }
  failed += 1;
  failures.push('build the web app');
  return false;
}

/** Playwright in Debian's Chromium against the built web app. */
async function browserTests() {
  if (specs.length === 0) {
    console.log('\n(no browser specs yet)');
  } else if (haveBrowser) {
    const report = join(out, 'playwright.json');
    const ok = await run(
      'browser tests (playwright + chromium)',
      'npx',
      ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
      {
        env: {
          PLAYWRIGHT_JSON_OUTPUT_NAME: report,
          CHROMIUM_PATH: chromium,
          // The e2e server's database and Playwright's results go here and are removed below.
          E2E_DATA_DIR: mkdtempSync(join(out, 'e2e-')),
        },
      },
    );
    countPlaywright(report, ok);
  } else if (ci) {
    console.log(`✗ Chromium not found at ${chromium}; browser tests are required in CI`);
    failed += 1;
    failures.push('browser tests: no Chromium');
  } else {
    console.log(
      `\n(skipping browser tests: no Chromium at ${chromium}; apt-get install -y chromium)`,
    );
    skipped += specs.length;
  }
}

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    '\n(TEST_DATABASE_URL is not set: the PostgreSQL half, the event-bus and the nginx cluster suites were skipped; they count as skipped below)',
  );
}
if (failed === 0) rmSync(out, { recursive: true, force: true });
else {
  console.log(`(reports kept in ${out})`);
  console.log('\nFailed:');
  for (const failure of failures) console.log(`✗ ${failure}`);
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 ? 0 : 1);

function countVitest(file, ok) {
  if (!existsSync(file)) {
    failed += 1;
    failures.push('vitest wrote no report');
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  for (const suite of report.testResults ?? []) {
    const path = suite.name.replace(root, '');
    const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const test of failedTests) {
      failures.push(`${path} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
    if (suite.status === 'failed' && failedTests.length === 0) {
      failures.push(`${path}: ${firstLine(suite.message)}`);
    }
  }
  passed += report.numPassedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  failed +=
    (report.numFailedTests ?? 0) + (report.numFailedTestSuites && !report.numFailedTests ? 1 : 0);
  if (!ok && !report.numFailedTests && !report.numFailedTestSuites) {
    failed += 1;
    failures.push('vitest exited with an error and no failed test');
  }
}

function countPlaywright(file, ok) {
  if (!existsSync(file)) {
    failed += 1;
    failures.push('playwright wrote no report');
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const stats = report.stats ?? {};
  for (const spec of playwrightSpecs(report.suites ?? [])) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected') continue;
      const error = test.results?.at(-1)?.error?.message;
      failures.push(`e2e/specs/${spec.file} › ${spec.title}: ${firstLine(error)}`);
    }
  }
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  skipped += stats.skipped ?? 0;
  failed += stats.unexpected ?? 0;
  if (!ok && !stats.unexpected) {
    failed += 1;
    failures.push('playwright exited with an error and no failed test');
  }
}

function* playwrightSpecs(suites) {
  for (const suite of suites) {
    yield* suite.specs ?? [];
    yield* playwrightSpecs(suite.suites ?? []);
  }
}

// Colour codes and all but the first line of a message are left out: one line per failure.
function firstLine(message) {
  if (!message) return '(no message)';
  // eslint-disable-next-line no-control-regex
  const plain = String(message).replace(/\u001b\[[0-9;]*m/g, '');
  return plain.split('\n').find((line) => line.trim() !== '') ?? '(no message)';
}
