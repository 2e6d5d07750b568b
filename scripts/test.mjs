// `npm test`: static checks, the reference firmware's build and unit tests, then Vitest (every project: unit, integration on SQLite and, when
// TEST_DATABASE_URL is set, PostgreSQL, and the server-system suites), then Playwright in
// Debian's Chromium (required when CI=true). `npm run test:fast` is Vitest without the system suites.
// Ends with one line `N passed, N failed, N skipped` that sums every suite; nothing is left in
// the temporary folder afterwards.
//
// The checks run in the background beside the tests (docs/ARCHITECTURE.md, Decisions,
// "npm test"), which run one after the other: the firmware, Vitest's projects, its system
// suites, the web app's build and the browser tests.
// The tests stream their output as they go; each check's output is printed whole when it ends,
// so no two steps' lines interleave.
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
const browserTests = specs.length > 0 && existsSync(chromium);

// The checks (nothing waits for them) beside the tests.
const checks = [
  check('typecheck', 'npm', ['run', '--silent', 'typecheck']),
  check('lint', 'npx', ['eslint', '--max-warnings', '0', '.']),
  check('format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']),
];
// The tests one after the other: side by side they kept a 2-core machine so busy that tests
// waiting on timers failed (docs/ARCHITECTURE.md, Decisions, "npm test").
await Promise.all([...checks, firmwareThenVitest().then(buildThenBrowserTests)]);

/**
 * The reference firmware (firmware/, C++17): configure, build (the host binary, the unit tests
 * and the ESP32 sketch's adapters against their stubs) and run its unit tests with ctest. Then
 * Vitest, whose reference-firmware suite plays games with the binary built here: every project
 * but the system suites, then the system suites in a run of their own.
 */
async function firmwareThenVitest() {
  if (spawnSync('cmake', ['--version']).status !== 0) {
    console.log(
      '\n✗ firmware: cmake not found (apt-get install -y g++ cmake libboost-dev nlohmann-json3-dev doctest-dev)',
    );
    failed += 1;
    failures.push('firmware: cmake not found');
  } else {
    await check(
      'firmware: build and unit tests (cmake, ctest)',
      'sh',
      [
        '-c',
        'cmake -S firmware -B firmware/build >/dev/null && cmake --build firmware/build -j2 && ctest --test-dir firmware/build --output-on-failure',
      ],
      { background: false },
    );
  }
  const vitest = (label, project, live) => {
    const report = join(out, `vitest-${project.replace(/\W/g, '')}.json`);
    const args = ['vitest', 'run', `--project=${project}`, '--reporter=default', '--reporter=json'];
    return run(label, 'npx', [...args, `--outputFile.json=${report}`], { live }).then((ok) =>
      countVitest(report, ok),
    );
  };
  // One after the other: side by side they kept a slow 2-core machine so busy that a game
  // played at the real stability window between processes could not finish in time.
  await vitest('unit and integration tests (vitest)', '!server-system', true);
  await vitest('system suites (vitest, server-system)', 'server-system', true);
}

/** The web app's build, then Playwright in Debian's Chromium against it. */
async function buildThenBrowserTests() {
  if (specs.length === 0) {
    console.log('\n(no browser specs yet)');
  } else if (browserTests) {
    if (!(await run('build the web app', 'npm', ['run', '--silent', 'build']))) {
      failed += 1;
      failures.push('build the web app');
      return;
    }
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
