import type { NavigateFunction } from 'react-router-dom';
import { startLogin } from 'shared-auth';
import type { StartupOutcome } from 'shared-auth';
import { carriedAnswers } from 'shared-auth/early-calls';

/**
 * Follows shared-auth's startup outcome. Returns false when the browser is on its way to the login
 * page, so the shell keeps its loader instead of flashing the console.
 */
export function followStartup(outcome: StartupOutcome, navigate: NavigateFunction): boolean {
  if (outcome.kind === 'login') {
    if (startLogin()) return false;
    navigate('/login', { replace: true });
    return true;
  }
  navigate(outcome.to, { replace: true });
  return true;
}

/** The part of the browser's Performance API read by startupAnsweredAt. */
export type PageTiming = Pick<Performance, 'now' | 'getEntriesByName' | 'getEntriesByType'>;

/** The API paths of the startup calls (shared-auth's beginStartupCalls and runStartup). */
const STARTUP_CALLS = ['csrf', 'users/config', 'users/me'];

/**
 * When the page's startup calls were last answered (on its clock, like performance.now()), from the
 * browser's resource timing; `now` when it recorded none (or has no resource timing). startup.js makes
 * them before the shared libraries have loaded and run, so their answers are often in before the code that
 * reads them: the loader's hold (500 ms after startup) counts from then, not from when that code got to
 * them. Answers the page itself carried (`carried`: the server put them into index.html) came with the
 * page: at the end of its document's response.
 */
export function startupAnsweredAt(
  timing: PageTiming = performance,
  origin = window.location.origin,
  carried = carriedAnswers() !== null,
): number {
  const now = timing.now();
  const document = carried
    ? ((timing.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined)?.responseEnd ??
      0)
    : 0;
  const ends = STARTUP_CALLS.map(
    (path) =>
      (
        timing.getEntriesByName?.(`${origin}/api/v1/${path}`, 'resource').at(-1) as
          PerformanceResourceTiming | undefined
      )?.responseEnd ?? 0,
  );
  const latest = Math.max(document, ...ends);
  return latest > 0 ? Math.min(latest, now) : now;
}
