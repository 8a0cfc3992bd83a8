// "The page has settled": no request in flight for a short while and no loader on screen. Checks such as
// axe-core run then, so they see the page a user would see rather than a half-loaded one.
import { text } from './texts.mjs';

/** @type {WeakMap<import('playwright-core').Page, { inFlight: Set<import('playwright-core').Request>, lastChange: number }>} */
const trackers = new WeakMap();

/** Starts counting the page's requests in flight; call once, right after the page is created. */
export function trackRequests(/** @type {import('playwright-core').Page} */ page) {
  const tracker = { inFlight: new Set(), lastChange: Date.now() };
  trackers.set(page, tracker);
  const done = (/** @type {import('playwright-core').Request} */ request) => {
    tracker.inFlight.delete(request);
    tracker.lastChange = Date.now();
  };
  page.on('request', (request) => {
    tracker.inFlight.add(request);
    tracker.lastChange = Date.now();
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
 * Waits until no request has been in flight for `quietMs` and no loader is visible (at most `timeoutMs`;
 * a page that never settles is not an error here — the journey's own expectations decide).
 * @param {import('playwright-core').Page} page
 */
export async function waitForQuiet(page, { quietMs = 300, timeoutMs = 10_000 } = {}) {
  const tracker = trackers.get(page);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const idle = !tracker || (tracker.inFlight.size === 0 && Date.now() - tracker.lastChange >= quietMs);
    if (idle) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const loader = page.getByText(text('shared-ui', 'loader.loading'), { exact: true });
  await loader
    .first()
    .waitFor({ state: 'hidden', timeout: Math.max(1, deadline - Date.now()) })
    .catch(() => undefined);
}
