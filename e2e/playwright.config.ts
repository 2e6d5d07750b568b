import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Each run gets its own port, its own SQLite file and (Playwright's default) a fresh Chromium
// profile per context, so runs can repeat and overlap. The values are fixed in the
// environment on first evaluation so that the workers, which re-read this file, agree. The port
// is below Linux's ephemeral range (32768 up), where outgoing connections and port-0 servers
// could hold it.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 12_000));
if (!process.env.E2E_DATA_DIR) {
  // Made here (not by scripts/test.mjs, which cleans its own): removed when this run ends. The
  // workers inherit the variable, so only the process that made the folder removes it.
  const dir = mkdtempSync(join(tmpdir(), 'beerscale-e2e-'));
  process.env.E2E_DATA_DIR = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
}
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const launchOptions = {
  executablePath: chromium,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './specs',
  outputDir: join(process.env.E2E_DATA_DIR, 'results'),
  // Spec files run two at a time against the one server (each registers its own players, scales
  // and operator, support/api.ts): most of a spec's time is a game waiting on the stability
  // window, not a core. Tests within a file stay in order. E2E_WORKERS overrides.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL,
    trace: 'off',
    // Every fresh context would install the app's service worker, which precaches all the built
    // files and then handles every navigation. pwa.spec.ts, which is about the worker, allows it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
  ],
  webServer: {
    command: 'node --import tsx support/serve.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(process.env.E2E_DATA_DIR, 'e2e.db')}`,
      LOG_LEVEL: 'warn',
      // Every spec registers and signs in from 127.0.0.1: lift the per-address limits.
      REGISTRATIONS_PER_ADDRESS: '100000',
      LOGINS_PER_ADDRESS: '100000',
      LOGIN_ATTEMPTS_PER_ADDRESS: '100000',
      // The operator's links on the landing and register pages (account-screens.spec.ts).
      IMPRINT_URL: 'https://beerscale.example/imprint',
      PRIVACY_URL: 'https://beerscale.example/privacy',
    },
  },
});
