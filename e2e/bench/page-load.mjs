// Cold page loads in a fresh browser context (no cache, no service worker): every request the page makes,
// the bytes it moved, the JavaScript it ran, and the time from navigation to its main content being visible.
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { newContext } from '../harness/index.mjs';
import { median } from './load.mjs';

/** The first screen of each remote, as the super user sees it: what its first-screen size counts. */
export const REMOTE_SCREENS = {
  roles: '/home/roles',
  invitations: '/invitation/new',
  system: '/system',
  tokens: '/tokens',
};
/** The shell's first load: at most this many bytes of JavaScript, each file gzipped at level 9 (issue 11). */
export const SHELL_FIRST_LOAD_BUDGET = 150 * 1024;
/** A remote's first screen: its remoteEntry.js and chunks, gzipped at level 9 (issue 11). */
export const REMOTE_FIRST_SCREEN_BUDGET = 35 * 1024;

/**
 * @typedef {object} LoadedResource
 * @property {string} url
 * @property {string} type playwright's resource type (document, script, stylesheet, fetch, …)
 * @property {number} status
 * @property {number} transferred bytes on the wire (headers + encoded body)
 * @property {number} decoded bytes of the decoded body
 * @property {number} gzip bytes of the body gzipped (level 9), what it would cost compressed
 * @property {number} [inlineJs] a document's inline scripts: bytes of their code (the shell's startup.js)
 * @property {number} [inlineJsGzip] the same code gzipped (level 9) on its own
 */

/**
 * @typedef {object} ColdLoad
 * @property {number} visibleMs page.goto called to main content visible, wall clock of the bench
 * @property {number} fromNavigationMs the browser's navigation start (the page's performance.timeOrigin, what
 *   its own timings such as first-contentful-paint count from) to main content seen visible: without the
 *   time before the browser starts navigating (a renderer process for the new context, the CDP round trip)
 * @property {LoadedResource[]} resources
 */

/**
 * The page's clock, performance.now(), at the first animation frame at which `seenInPage` holds (checked
 * in the page at every frame); null without a condition.
 * @param {import('playwright-core').Page} page
 * @param {{ check: (arg: any) => number | false, arg?: unknown } | undefined} seenInPage
 * @returns {Promise<number | null>}
 */
export async function firstFrameSeen(page, seenInPage) {
  if (!seenInPage) return null;
  const handle = await page.waitForFunction(seenInPage.check, seenInPage.arg, {
    polling: 'raf',
    timeout: 30_000,
  });
  return Number(await handle.jsonValue());
}

/**
 * Loads `path` once in a fresh context and waits for `ready`; records every finished request.
 * @param {import('playwright-core').Browser} browser
 * @param {string} baseUrl
 * @param {string} path
 * @param {(page: import('playwright-core').Page) => import('playwright-core').Locator} ready
 * `seenInPage`, when given, is the same condition in the page's own terms (a function of `arg`, run in the
 * page, that answers the page's clock, performance.now(), once the content is there and visible, and false
 * before): it is checked at every animation frame, and the load counts until the first frame it holds. Playwright's own wait checks a locator at growing intervals (500 ms
 * apart after the first second), which counted up to half a second after the content was on screen.
 * @param {{ storageState?: Awaited<ReturnType<import('playwright-core').BrowserContext['storageState']>>, settleMs?: number,
 *   seenInPage?: { check: (arg: any) => number | false, arg?: unknown } }} [options]
 * @returns {Promise<ColdLoad>}
 */
export async function coldLoad(
  browser,
  baseUrl,
  path,
  ready,
  { storageState, settleMs = 1500, seenInPage } = {},
) {
  const context = await newContext(browser, baseUrl, storageState ? { storageState } : {});
  try {
    const page = await context.newPage();
    // Only the requests are kept while the page loads: their bodies are fetched and gzipped once the
    // page is measured (gzipping the libraries chunk blocks this process for tens of milliseconds, and
    // fetching bodies over CDP competes with the page for the two cores: both delayed what was measured).
    /** @type {import('playwright-core').Request[]} */
    const finished = [];
    page.on('requestfinished', (request) => finished.push(request));
    /** @param {import('playwright-core').Request} request @returns {Promise<LoadedResource | null>} */
    const describe = async (request) => {
      const response = await request.response();
      if (!response) return null;
      const sizes = await request.sizes();
      const body = await response.body().catch(() => Buffer.alloc(0));
      return {
        url: request.url(),
        type: request.resourceType(),
        status: response.status(),
        transferred: sizes.responseHeadersSize + Math.max(0, sizes.responseBodySize),
        decoded: body.length,
        gzip: body.length ? gzipSync(body, { level: 9 }).length : 0,
        ...(request.resourceType() === 'document' ? inlineScripts(body) : {}),
      };
    };
    const started = performance.now();
    await page.goto(path, { waitUntil: 'commit' });
    // The page's clock (from its navigation start) at the first frame the condition held.
    const seenFrame = await firstFrameSeen(page, seenInPage);
    // The locator must hold too: with the page's own condition it checks that condition.
    await ready(page).first().waitFor({ state: 'visible', timeout: 30_000 });
    // Both clocks are the machine's: the page's time origin in the bench's epoch milliseconds.
    const navigationStarted = await page.evaluate(() => performance.timeOrigin);
    const seen =
      seenFrame === null ? performance.now() : navigationStarted + seenFrame - performance.timeOrigin;
    const visibleMs = seen - started;
    const fromNavigationMs = performance.timeOrigin + seen - navigationStarted;
    // Let what the first screen still fetches (lazy chunks, data) finish, so it is counted.
    await page.waitForLoadState('networkidle', { timeout: settleMs * 4 }).catch(() => undefined);
    await page.waitForTimeout(settleMs);
    const described = await Promise.all(finished.map((request) => describe(request).catch(() => null)));
    const resources = /** @type {LoadedResource[]} */ (described.filter(Boolean));
    return { visibleMs: Math.round(visibleMs), fromNavigationMs: Math.round(fromNavigationMs), resources };
  } finally {
    await context.close();
  }
}

/**
 * The code of a page's inline scripts (without src), counted with the JavaScript it loads.
 * @param {Buffer} body
 */
export function inlineScripts(body) {
  const code = [...body.toString('utf8').matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script\s*>/gi)]
    // Code only: not a data block (the startup answers the server puts into the page are JSON).
    .filter(
      ([, attributes = '']) =>
        !/\ssrc\s*=/i.test(attributes) && !/\stype\s*=\s*"?application\/json/i.test(attributes),
    )
    .map(([, , text]) => text)
    .join('\n');
  const bytes = Buffer.from(code, 'utf8');
  return { inlineJs: bytes.length, inlineJsGzip: bytes.length ? gzipSync(bytes, { level: 9 }).length : 0 };
}

/**
 * Figures of several cold loads of one page: medians of the counts and the visible time.
 * @param {ColdLoad[]} loads
 */
export function summarize(loads) {
  const per = loads.map(({ resources, visibleMs, fromNavigationMs }) => {
    const scripts = resources.filter((r) => r.type === 'script');
    // The page's own inline code (startup.js) is JavaScript of the first load too.
    const inline = resources.filter((r) => r.type === 'document');
    return {
      visibleMs,
      fromNavigationMs,
      requests: resources.length,
      transferred: resources.reduce((sum, r) => sum + r.transferred, 0),
      jsDecoded:
        scripts.reduce((sum, r) => sum + r.decoded, 0) +
        inline.reduce((sum, r) => sum + (r.inlineJs ?? 0), 0),
      jsGzip:
        scripts.reduce((sum, r) => sum + r.gzip, 0) +
        inline.reduce((sum, r) => sum + (r.inlineJsGzip ?? 0), 0),
    };
  });
  const pick = (/** @type {keyof (typeof per)[number]} */ key) => Math.round(median(per.map((p) => p[key])));
  return {
    runs: loads.length,
    visibleMsMedian: pick('visibleMs'),
    visibleMsAll: per.map((p) => p.visibleMs),
    fromNavigationMsMedian: pick('fromNavigationMs'),
    fromNavigationMsAll: per.map((p) => p.fromNavigationMs),
    requests: pick('requests'),
    bytesTransferred: pick('transferred'),
    jsBytes: pick('jsDecoded'),
    jsBytesGzip: pick('jsGzip'),
  };
}

/**
 * In-app navigations in one logged-in context: from `from`, `runs` times a click on what `target` finds
 * until `ready` is visible, then back. The first click may also load the page's chunks.
 * @param {import('playwright-core').Browser} browser
 * @param {string} baseUrl
 * @param {Awaited<ReturnType<import('playwright-core').BrowserContext['storageState']>>} storageState
 * @param {{ from: string, runs: number,
 *   target: (page: import('playwright-core').Page) => Promise<import('playwright-core').Locator>,
 *   ready: (page: import('playwright-core').Page) => import('playwright-core').Locator,
 *   seenInPage?: { check: (arg: any) => number | false, arg?: unknown } }} steps
 * `seenInPage`, as for coldLoad: the same condition as `ready`, checked in the page at every frame; the
 * navigation counts until the first frame it holds (Playwright's own wait, checking at 0, 20, 50, 100 ms
 * and so on, rounded each navigation up to its next check).
 * @returns {Promise<{ navigationMsMedian: number, navigationMsAll: number[] }>}
 */
export async function inAppNavigations(
  browser,
  baseUrl,
  storageState,
  { from, runs, target, ready, seenInPage },
) {
  const context = await newContext(browser, baseUrl, { storageState });
  /** @type {number[]} */
  const navigationsMs = [];
  try {
    const page = await context.newPage();
    await page.goto(from);
    for (let i = 0; i < runs; i++) {
      const clickable = await target(page);
      await clickable.waitFor({ state: 'visible', timeout: 30_000 });
      // The page's clock in the bench's: both are the machine's clock, from their own time origins.
      const pageOrigin = await page.evaluate(() => performance.timeOrigin);
      const started = performance.now();
      await clickable.click();
      const seenFrame = await firstFrameSeen(page, seenInPage);
      await ready(page).waitFor({ state: 'visible', timeout: 30_000 });
      const seen = seenFrame === null ? performance.now() : pageOrigin + seenFrame - performance.timeOrigin;
      navigationsMs.push(Math.round(seen - started));
      await page.goBack();
    }
  } finally {
    await context.close();
  }
  return { navigationMsMedian: Math.round(median(navigationsMs)), navigationMsAll: navigationsMs };
}
