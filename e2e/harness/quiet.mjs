// "The page has settled": no request in flight for a short while and no loader on screen. Checks such as
// axe-core run then, so they see the page a user would see rather than a half-loaded one. A page that does
// not settle by the deadline fails the journey, naming what it still waited for.
import { text } from './texts.mjs';

/**
 * @typedef {{ inFlight: Map<import('playwright-core').Request, number>, lastChange: number,
 *   lastStarted: { method: string, url: string, at: number }[] }} Tracker
 */

/** @type {WeakMap<import('playwright-core').Page, Tracker>} */
const trackers = new WeakMap();

/** The latest requests a tracker remembers, for the message of a page that keeps sending. */
const REMEMBERED = 5;

/**
 * Starts counting the page's requests in flight; call once, right after the page is created (the harness's
 * `newContext` does it for every page of its contexts).
 * @param {import('playwright-core').Page} page
 */
export function trackRequests(page) {
  if (trackers.has(page)) return;
  /** @type {Tracker} */
  const tracker = { inFlight: new Map(), lastChange: Date.now(), lastStarted: [] };
  trackers.set(page, tracker);
  const done = (/** @type {import('playwright-core').Request} */ request) => {
    tracker.inFlight.delete(request);
    tracker.lastChange = Date.now();
  };
  page.on('request', (request) => {
    const at = Date.now();
    tracker.inFlight.set(request, at);
    tracker.lastChange = at;
    tracker.lastStarted = [
      ...tracker.lastStarted,
      { method: request.method(), url: request.url(), at },
    ].slice(-REMEMBERED);
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) {
      tracker.inFlight.clear();
      tracker.lastChange = Date.now();
    }
  });
}

/**
 * What a tracker still waits for, in words: the requests in flight (method, URL, for how long), or the
 * requests that kept starting within the quiet time.
 * @param {Tracker} tracker @param {number} now @param {number} quietMs
 */
function pendingWork(tracker, now, quietMs) {
  if (tracker.inFlight.size > 0) {
    const requests = [...tracker.inFlight].map(
      ([request, since]) => `  ${request.method()} ${request.url()} (in flight for ${now - since} ms)`,
    );
    return `${tracker.inFlight.size} request(s) in flight:\n${requests.join('\n')}`;
  }
  if (now - tracker.lastChange < quietMs) {
    const recent = tracker.lastStarted.map((r) => `  ${r.method} ${r.url} (started ${now - r.at} ms ago)`);
    return `requests kept starting (none in flight, but less than ${quietMs} ms without one); the latest:\n${recent.join('\n')}`;
  }
  return null;
}

/**
 * Waits until no request has been in flight for `quietMs` and no loader is visible. At `timeoutMs` it throws,
 * naming the requests still in flight (or the latest ones, for a page that keeps sending) or the loader
 * still showing: a check run on a half-loaded page would pass or fail for the wrong reason.
 * @param {import('playwright-core').Page} page
 * @param {{ quietMs?: number, timeoutMs?: number }} [options]
 */
export async function waitForQuiet(page, { quietMs = 300, timeoutMs = 20_000 } = {}) {
  const tracker = trackers.get(page);
  if (!tracker) {
    throw new Error(
      `waitForQuiet: the requests of ${page.url()} are not tracked, so it cannot tell when the page has settled. ` +
        "Create the page in a context made by the harness's newContext (or call trackRequests right after creating it).",
    );
  }
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = Date.now();
    const pending = pendingWork(tracker, now, quietMs);
    if (!pending) break;
    if (now >= deadline) {
      throw new Error(`The page ${page.url()} did not settle within ${timeoutMs} ms: ${pending}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const label = text('shared-ui', 'loader.loading');
  const loader = page.getByText(label, { exact: true }).first();
  try {
    await loader.waitFor({ state: 'hidden', timeout: Math.max(1, deadline - Date.now()) });
  } catch (error) {
    throw new Error(
      `The page ${page.url()} did not settle within ${timeoutMs} ms: its loader "${label}" still shows ` +
        `(${tracker.inFlight.size} request(s) in flight).`,
      { cause: error },
    );
  }
}
