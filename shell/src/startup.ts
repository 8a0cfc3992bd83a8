import type { NavigateFunction } from 'react-router-dom';
import { startLogin } from 'shared-auth';
import type { StartupOutcome } from 'shared-auth';

/** Where the page was opened: a logged-in user reloading a deep link should stay on it. */
export interface StartLocation {
  pathname: string;
  search: string;
}

function isDeepLink({ pathname }: StartLocation): boolean {
  return pathname !== '/' && pathname !== '' && !pathname.startsWith('/login');
}

/**
 * Follows shared-auth's startup outcome. Returns false when the browser is on its way to the login
 * page, so the shell keeps its loader instead of flashing the console.
 */
export function followStartup(
  outcome: StartupOutcome,
  navigate: NavigateFunction,
  startedAt: StartLocation,
): boolean {
  if (outcome.kind === 'login') {
    if (startLogin()) return false;
    navigate('/login', { replace: true });
    return true;
  }
  // Startup answers "the saved location, else /home"; with nothing saved, a reload of /roles/3 (or a
  // bookmark opened while logged in) stays where it was rather than falling back to home.
  const stay = outcome.authenticated && outcome.to === '/home' && isDeepLink(startedAt);
  navigate(stay ? `${startedAt.pathname}${startedAt.search}` : outcome.to, { replace: true });
  return true;
}
