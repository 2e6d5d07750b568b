import { expect, test } from '@playwright/test';
import { registerUser, signInThroughForm } from '../support/api';

// A shared phone (the second penetration test): after one player signs out and another signs in
// on the same page, without a reload, nothing of the first account may be shown, not even for a
// moment from the cache.

test("the next person on a shared phone never sees the previous account's profile", async ({
  page,
  request,
}) => {
  const [first, second] = [await registerUser(request), await registerUser(request)];
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await signInThroughForm(page, first);
  await expect(page).toHaveURL(/\/home$/);
  const mobile = page.getByRole('navigation', { name: 'Mobile' });
  await mobile.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByText(first.username)).toBeVisible();
  await mobile.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The same page, no reload: the landing page's own link to the sign-in form.
  await page.getByRole('link', { name: 'Login', exact: true }).click();
  await signInThroughForm(page, second);
  await expect(page).toHaveURL(/\/home$/);
  await mobile.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByText(second.username)).toBeVisible();
  await expect(page.getByText(first.username)).toHaveCount(0);
  await expect(page.getByText(first.mac)).toHaveCount(0);
});
