/**
 * A page as the browser tests open one (docs/testing.md, "Browsers"): its own context at a viewport, in English
 * unless told, with reduced motion (the tests never wait on an animation), its CSP violations and page errors
 * watched (page-problems.ts); signed in with `token` when given — the client keeps its token in localStorage
 * (docs/web.md), set before any page of the app loads — and in `language` when given.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { watchPageProblems } from './page-problems';

export interface OpenedPage {
  readonly context: BrowserContext;
  readonly page: Page;
  /** What went wrong on the context's pages (watchPageProblems). */
  readonly problems: string[];
}

export async function openPage(
  browser: Browser,
  options: {
    readonly viewport: { readonly width: number; readonly height: number };
    readonly token?: string;
    readonly language?: 'en' | 'sv' | 'ru';
    /** The browser's locale (dates and numbers), en-US unless told. */
    readonly locale?: string;
    /** More the context does before its first page (an init script of the test's own). */
    readonly prepare?: (context: BrowserContext) => Promise<void>;
  },
): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: { ...options.viewport },
    reducedMotion: 'reduce',
    locale: options.locale ?? 'en-US',
  });
  const problems = await watchPageProblems(context);
  const stored: Record<string, string> = {};
  if (options.token !== undefined) stored['malice.token'] = options.token;
  if (options.language !== undefined) stored['malice.language'] = options.language;
  await context.addInitScript((entries) => {
    const globals = globalThis as unknown as {
      location: { origin: string };
      localStorage: { setItem(key: string, value: string): void };
    };
    // Not in the blank page a new tab starts with: it has no storage of its own.
    if (globals.location.origin === 'null') return;
    for (const [key, value] of Object.entries(entries)) globals.localStorage.setItem(key, value);
  }, stored);
  await options.prepare?.(context);
  return { context, page: await context.newPage(), problems };
}
