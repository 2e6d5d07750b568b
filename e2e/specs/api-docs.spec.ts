import { expect, test } from '@playwright/test';

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
