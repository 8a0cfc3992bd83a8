import { LOGOUT_CLEAR_MS } from '../constants.js';
import { apiGet, API_PREFIX } from '../http/client.js';
import { page } from '../http/page.js';
import { useSessionStore } from '../stores/session.store.js';

/** The server path that starts the login redirect. */
export const LOGIN_PATH = `${API_PREFIX}users/login`;

export interface LoginOptions {
  force?: boolean;
  hash?: string | null;
  /**
   * Where the server sends the browser after login, when not to the console: a remote run on its own
   * passes its own page. The server follows it only to its own origin and the origins it trusts.
   */
  returnTo?: string;
}

/** The login URL with force=true, hash=<hash> and returnTo=<address> when asked for (spec §2 Landing page). */
export function loginUrl(options: LoginOptions = {}, origin = window.location.origin): URL {
  const url = new URL(LOGIN_PATH, origin);
  if (options.force) url.searchParams.set('force', 'true');
  if (options.hash) url.searchParams.set('hash', options.hash);
  if (options.returnTo) url.searchParams.set('returnTo', options.returnTo);
  return url;
}

/**
 * Sends the browser to the server's login path. The target is followed only when it is http or https;
 * returns whether the browser was sent.
 */
export function startLogin(options: LoginOptions = {}): boolean {
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
