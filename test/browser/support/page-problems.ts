/**
 * What the browser reports going wrong on the test's pages: a Content-Security-Policy violation (the
 * `securitypolicyviolation` event, and Chromium's console message naming the policy) or an uncaught page error.
 * Every browser test asserts there was none (docs/testing.md "Browsers"), through this watcher: no test file keeps
 * listeners of its own.
 */
import type { BrowserContext, Page } from 'playwright-core';

/** The binding the init script reports a violation through (a CDP binding: not subject to the page's CSP). */
const BINDING = '__maliceReportProblem';

/** Listens on `page` for the console's CSP messages and uncaught errors, into `problems`. */
function listenOn(page: Page, problems: string[]): void {
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  // With the page and the top of the stack: a rejection with a plain object says only "Object" by itself.
  page.on('pageerror', (error) => {
    const stack = error.stack === undefined ? '' : `\n${error.stack.split('\n').slice(0, 6).join('\n')}`;
    problems.push(`page error: ${error.message} (on ${page.url()})${stack}`);
  });
}

/**
 * Watches every page of `context`, those open now and those opened later, in every document they load: the
 * answer is the list the problems go into, in the order reported, as text.
 */
export async function watchPageProblems(context: BrowserContext): Promise<string[]> {
  const problems: string[] = [];
  await context.exposeBinding(BINDING, (_source, text: string) => void problems.push(text));
  // Runs before the page's own scripts in every document (an init script is not subject to the page's CSP).
  await context.addInitScript((binding) => {
    const globals = globalThis as unknown as {
      addEventListener(
        type: string,
        listener: (event: { violatedDirective: string; blockedURI: string }) => void,
      ): void;
    } & Record<string, (text: string) => void>;
    globals.addEventListener('securitypolicyviolation', (event) =>
      globals[binding]!(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
  }, BINDING);
  for (const page of context.pages()) listenOn(page, problems);
  context.on('page', (page) => listenOn(page, problems));
  return problems;
}
