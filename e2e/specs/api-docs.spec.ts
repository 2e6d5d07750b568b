import { expect, test } from '@playwright/test';
import { registerUser, signInThroughForm } from '../support/api';

// /api/docs is @fastify/swagger-ui under the app's own CSP (script-src 'self'): the page must
// render the whole document without the browser refusing a script, a style or an image.
test('shows the interactive API docs without a CSP violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => violations.push(error.message));
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /beerscale REST API/ })).toBeVisible();
  await expect(page.getByText('/api/games/{id}/validate').first()).toBeVisible();
  expect(violations).toEqual([]);
});

// The signed-in screens load zod (the contract's schemas check every reply); zod must not try
// `new Function`, which the CSP refuses and the browser reports (apps/web/src/app/zod-settings.ts).
test('signed-in screens run without a CSP violation', async ({ page, request }) => {
  const me = await registerUser(request);
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  page.on('console', (message) => {
    if (/Content Security Policy|CSP violation/i.test(message.text()))
      violations.push(message.text());
  });
  await page.goto('/login');
  await signInThroughForm(page, me);
  await expect(page).toHaveURL(/\/home$/);
  await expect(
    // A player without games is greeted for the first time.
    page.getByRole('heading', { name: `Welcome, ${me.playerName}!` }),
  ).toBeVisible();
  // Each screen's chunk and its replies, checked by the contract's schemas.
  for (const path of ['/dashboard', '/profile', '/game']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
});
