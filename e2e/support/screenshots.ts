import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/**
 * Saves a screen to be looked at, when SCREENSHOT_DIR names a folder
 * (`SCREENSHOT_DIR=/tmp/shots npm run test:e2e`). Without it nothing is taken: a run's own
 * output folder is removed when it ends, and encoding full pages costs Chromium seconds.
 */
export async function keepScreenshot(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
}
