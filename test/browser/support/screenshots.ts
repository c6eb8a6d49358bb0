/**
 * The screenshots in docs/web.md are taken by the browser tests themselves when `UPDATE_SCREENSHOTS=1`, so the
 * docs show what the tests saw. Without it nothing is written.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';

const IMAGES = path.resolve(__dirname, '..', '..', '..', 'docs', 'images');

export const UPDATE_SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === '1';

/** Saves the page as docs/images/<name>.png at the given viewport size, then puts the old size back. */
export async function screenshot(
  page: Page,
  name: string,
  size: { width: number; height: number },
): Promise<void> {
  if (!UPDATE_SCREENSHOTS) return;
  const before = page.viewportSize();
  fs.mkdirSync(IMAGES, { recursive: true });
  await page.setViewportSize(size);
  await page.screenshot({ path: path.join(IMAGES, `${name}.png`), fullPage: true, animations: 'disabled' });
  if (before !== null) await page.setViewportSize(before);
}
