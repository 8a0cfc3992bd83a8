// One real server and one Chromium per test file; every journey gets a fresh browser context, and a failing
// journey leaves its screenshot and logs under e2e/artifacts/ and names them in the failure message.
import { after, before, test } from 'node:test';
import { saveFailureArtifacts, recordConsole } from './artifacts.mjs';
import { launchBrowser, newContext } from './browser.mjs';
import { ensureBuilt } from './build.mjs';
import { startServer } from './server.mjs';

/**
 * @typedef {object} JourneyContext
 * @property {import('playwright-core').Page} page
 * @property {import('playwright-core').BrowserContext} context
 * @property {import('playwright-core').Browser} browser
 * @property {import('./server.mjs').RunningServer} server
 * @property {string} baseUrl
 * @property {import('node:test').TestContext} t
 */

/**
 * Registers the file's before/after hooks (build, server, browser) and returns `journey()`.
 * @param {{ env?: Record<string, string>, setupTimeoutMs?: number }} [options]
 */
export function useConsole({ env = {}, setupTimeoutMs = 900_000 } = {}) {
  /** @type {{ server: import('./server.mjs').RunningServer | null, browser: import('playwright-core').Browser | null }} */
  const state = { server: null, browser: null };

  before(
    async () => {
      // The browser first: a missing Chromium is reported at once, before a minute of building.
      state.browser = await launchBrowser();
      await ensureBuilt();
      state.server = await startServer({ env });
    },
    { timeout: setupTimeoutMs },
  );

  after(async () => {
    await state.browser?.close();
    await state.server?.stop();
  });

  /**
   * A journey: a node:test test with a fresh browser context and page.
   * @param {string} title
   * @param {(ctx: JourneyContext) => Promise<void>} fn
   * @param {{ timeout?: number, contextOptions?: Partial<import('playwright-core').BrowserContextOptions> }} [options]
   */
  function journey(title, fn, { timeout = 120_000, contextOptions = {} } = {}) {
    test(title, { timeout }, async (t) => {
      const { server, browser } = state;
      if (!server || !browser)
        throw new Error('The server or the browser did not start (see the before hook).');
      const context = await newContext(browser, server.baseUrl, contextOptions);
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      const consoleLines = recordConsole(page);
      try {
        await fn({ page, context, browser, server, baseUrl: server.baseUrl, t });
      } catch (error) {
        const saved = await saveFailureArtifacts({ page, consoleLines, title, serverLog: server.log() });
        const original = error instanceof Error ? error : new Error(String(error));
        const wrapped = new Error(
          `${original.message}\n\nArtifacts of this failure:\n  ${saved.join('\n  ')}`,
          { cause: original },
        );
        wrapped.stack = `${wrapped.message}\n${(original.stack ?? '')
          .split('\n')
          .filter((l) => l.trimStart().startsWith('at '))
          .join('\n')}`;
        throw wrapped;
      } finally {
        await context.close();
      }
    });
  }

  return { journey, state };
}
