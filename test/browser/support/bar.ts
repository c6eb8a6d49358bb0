/**
 * The bar at the top of every page on a phone (docs/web.md, "On a phone"): at 600 px or less the pages, who is
 * signed in, Sign out and the settings fold into a menu behind its button (web/src/app.tsx `Bar`).
 */
import type { Page } from 'playwright-core';

/**
 * Opens the bar's menu where the bar is folded into one, so that what is in it can be used as a person would;
 * on a wider page everything is in the bar already, and this does nothing.
 */
export async function openBarMenu(page: Page): Promise<void> {
  await page.locator('header.bar').waitFor();
  const button = page.getByTestId('menu-button');
  if (!(await button.isVisible())) return;
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
}
