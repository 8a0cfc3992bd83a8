import { LOGOUT_CLEAR_MS } from '../constants.js';
import { apiGet, API_PREFIX } from '../http/client.js';
import { page } from '../http/page.js';
import { useSessionStore } from '../stores/session.store.js';

/** The server path that starts the login redirect. */
export const LOGIN_PATH = `${API_PREFIX}users/login`;

/** The login URL with force=true and hash=<hash> when asked for (spec §2 Landing page). */
export function loginUrl(
  options: { force?: boolean; hash?: string | null } = {},
  origin = window.location.origin,
): URL {
  const url = new URL(LOGIN_PATH, origin);
  if (options.force) url.searchParams.set('force', 'true');
  if (options.hash) url.searchParams.set('hash', options.hash);
  return url;
}

/**
 * Sends the browser to the server's login path. The target is followed only when it is http or https;
 * returns whether the browser was sent.
 */
export function startLogin(options: { force?: boolean; hash?: string | null } = {}): boolean {
  const url = loginUrl(options);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  page.assign(url.toString());
  return true;
}

/**
 * Spec §2 Header: ends the session on the server, clears the session state, goes to /login (through
 * `navigate` when given; the caller may navigate itself once this resolves) and clears user and
 * impersonator 500 ms later, so the page being left does not re-render without a user.
 */
export async function logout(options: { navigate?: (path: string) => void } = {}): Promise<void> {
  try {
    // The answer to this call carries no live session by design: do not take it for a lost one.
    await apiGet<unknown>('users/logout', { checkSession: false });
  } catch {
    // Logging out locally still makes sense when the server call failed.
  }
  useSessionStore.getState().clearSession();
  options.navigate?.('/login');
  setTimeout(() => useSessionStore.getState().clearUser(), LOGOUT_CLEAR_MS);
}
