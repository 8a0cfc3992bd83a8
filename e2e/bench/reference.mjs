// The landing page side by side with another console's (issue 11: "landing visible ≤ 0.6× the reference
// console's time, side by side in one run"). BENCH_REFERENCE_URL names a console already running (the
// reference console's own build, served with its API); its landing counts as visible once a log-in control
// shows (BENCH_REFERENCE_READY, a regular expression of its text; by default "Log in", "Login" or
// "Inloggen"). The cold loads alternate, ours then the reference's, so that what slows the machine for a
// while slows both.
import { coldLoad, summarize } from './page-load.mjs';

/** Our landing's visible time at most this fraction of the reference's (issue 11). */
export const REFERENCE_RATIO_TARGET = 0.6;
const DEFAULT_READY = '^\\s*(log ?in|inloggen)\\s*$';

/**
 * In the page's own terms (page-load.mjs's seenInPage): a button or link whose text matches, visible.
 * @param {{ source: string, flags: string }} pattern
 */
function controlSeen({ source, flags }) {
  const expression = new RegExp(source, flags);
  return (
    Array.from(document.querySelectorAll('button, a, [role=button]')).some(
      (e) =>
        expression.test(e.textContent ?? '') &&
        e.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
    ) && performance.now()
  );
}

/**
 * Cold loads of our landing and of the reference's, alternating; each side summarised (page-load.mjs),
 * with the ratios of the medians.
 * @param {{ browser: import('playwright-core').Browser, baseUrl: string, referenceUrl: string, runs: number,
 *   ours: { ready: (page: import('playwright-core').Page) => import('playwright-core').Locator, seenInPage: { check: (arg: any) => number | false, arg?: unknown } },
 *   readyText?: string }} options
 */
export async function landingAgainstReference({ browser, baseUrl, referenceUrl, runs, ours, readyText }) {
  const reference = new URL(referenceUrl);
  const expression = new RegExp(readyText ?? DEFAULT_READY, 'i');
  const theirs = {
    ready: (/** @type {import('playwright-core').Page} */ page) =>
      page.getByRole('button', { name: expression }).or(page.getByRole('link', { name: expression })),
    seenInPage: { check: controlSeen, arg: { source: expression.source, flags: expression.flags } },
  };
  const ourLoads = [];
  const theirLoads = [];
  for (let i = 0; i < runs; i++) {
    ourLoads.push(await coldLoad(browser, baseUrl, '/', ours.ready, { seenInPage: ours.seenInPage }));
    theirLoads.push(
      await coldLoad(browser, reference.origin, `${reference.pathname}${reference.search}`, theirs.ready, {
        seenInPage: theirs.seenInPage,
      }),
    );
  }
  const ourSummary = summarize(ourLoads);
  const theirSummary = summarize(theirLoads);
  const ratio = (/** @type {number} */ a, /** @type {number} */ b) => Math.round((a / b) * 100) / 100;
  return {
    referenceUrl: reference.href,
    readyText: expression.source,
    ours: ourSummary,
    reference: theirSummary,
    ratio: ratio(ourSummary.visibleMsMedian, theirSummary.visibleMsMedian),
    ratioFromNavigation: ratio(ourSummary.fromNavigationMsMedian, theirSummary.fromNavigationMsMedian),
    jsGzipRatio: ratio(ourSummary.jsBytesGzip, theirSummary.jsBytesGzip),
    targetRatio: REFERENCE_RATIO_TARGET,
  };
}
