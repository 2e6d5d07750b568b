import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type BrowserContext } from '@playwright/test';
import { registerUser, signInThroughForm } from '../support/api';

// The installable app: Chromium's own installability check (manifest, icons, service worker)
// has nothing to object to; the worker precaches the built files only and shows the offline
// page for a page asked for without a network.

// Playwright's contexts are incognito, where Chromium never offers to install: the check runs
// in a browser with a profile on disk, as a phone's would be.
let profile: string;
let context: BrowserContext;

test.beforeEach(async ({ baseURL }) => {
  profile = mkdtempSync(join(tmpdir(), 'beerscale-pwa-'));
  const { launchOptions } = test.info().project.use;
  // The other specs' contexts block service workers (playwright.config.ts); this one is about it.
  context = await chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL,
    serviceWorkers: 'allow',
  });
});
test.afterEach(async () => {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
});

test('is installable, caches no API reply and shows the offline page without a network', async ({
  request,
}) => {
  const page = context.pages()[0] ?? (await context.newPage());
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.ok()).toBe(true);
  expect(await manifest.json()).toMatchObject({
    name: 'beerscale',
    short_name: 'beerscale',
    display: 'standalone',
    start_url: '/',
    theme_color: '#17100c',
    background_color: '#17100c',
  });
  for (const icon of ['/pwa-192x192.png', '/pwa-512x512.png', '/maskable-icon-512x512.png']) {
    const reply = await request.get(icon);
    expect(reply.headers()['content-type'], icon).toBe('image/png');
  }

  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);

  // A page loaded under the worker, signed in: the API was called through it.
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  const user = await registerUser(request);
  await page.goto('/login');
  await signInThroughForm(page, user);
  await expect(page).toHaveURL(/\/home$/);
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((r) => new URL(r.url).pathname));
    }
    return urls;
  });
  expect(cached).toContain('/offline.html');
  expect(cached.some((path) => path.startsWith('/assets/'))).toBe(true);
  expect(cached.filter((path) => path.startsWith('/api') || path.startsWith('/ws'))).toEqual([]);

  await context.setOffline(true);
  try {
    await page.goto('/leaderboard');
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/home$/);
});
