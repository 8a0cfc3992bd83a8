import { apiGet } from '../http/client.js';
import type { EarlyStartupCalls } from './early-calls.js';
import type { Config, User } from '../rules/types.js';
import { useSessionStore } from '../stores/session.store.js';
import {
  browserStorage,
  clearSavedLocation,
  saveLocation,
  savedLocation,
  type KeyValueStorage,
} from './storage.js';

/** Where the shell goes once startup is done (spec §2 Startup). */
export type StartupOutcome =
  /** Logged in: go to `to` (the saved location or /home). */
  | { kind: 'ready'; authenticated: true; to: string; user: User }
  /** Not logged in and staying out: a public page, /missingAttributes or /deadend. */
  | { kind: 'ready'; authenticated: false; to: string }
  /** Not logged in: the caller starts the login flow (startLogin()). */
  | { kind: 'login' };

export interface StartupDeps {
  get?: <T>(path: string) => Promise<T>;
  /** The startup calls the host's entry began (beginStartupCalls): their answers are read, not fetched again. */
  early?: EarlyStartupCalls;
  storage?: KeyValueStorage | null;
}

/** Pages a visitor without a session may stay on. */
export const PUBLIC_PATHS: readonly string[] = [
  '/',
  '/invitation/accept',
  '/login',
  '/deadend',
  '/missingAttributes',
  '/404',
];
export const INVITATION_ACCEPT_PATH = '/invitation/accept';
export const DEADEND_PATH = '/deadend';
export const MISSING_ATTRIBUTES_PATH = '/missingAttributes';
export const HOME_PATH = '/home';

function isPublicPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PUBLIC_PATHS.includes(path);
}

const deadend = (): StartupOutcome => ({ kind: 'ready', authenticated: false, to: DEADEND_PATH });

/**
 * Spec §2 Startup: fetch a CSRF token and the config (in parallel); when authenticated load the user and go to the
 * saved location (else the current deep link, else /home); otherwise decide between a public page, /missingAttributes, /deadend and
 * the login flow. Results are stored in the session store. CSRF or config failure leads to /deadend.
 */
export async function runStartup(
  location: { pathname: string; search?: string },
  deps: StartupDeps = {},
): Promise<StartupOutcome> {
  const { early } = deps;
  const get = <T>(path: string, answer?: Promise<Response | null>): Promise<T> =>
    deps.get ? deps.get<T>(path) : apiGet<T>(path, answer ? { answer } : undefined);
  const storage = deps.storage === undefined ? browserStorage() : deps.storage;
  const session = useSessionStore.getState();
  let config: Config;
  try {
    // Both are GETs, which need no CSRF token: one round trip instead of two.
    const [csrf, loaded] = await Promise.all([
      get<{ token: string }>('csrf', early?.csrf),
      get<Config>('users/config', early?.config),
    ]);
    session.setCsrfToken(csrf?.token ?? null);
    config = loaded;
    session.setConfig(config);
  } catch {
    return deadend();
  }

  if (config.authenticated) {
    let user: User;
    try {
      user = await get<User>('users/me', early?.me);
    } catch {
      return deadend();
    }
    session.setUser(user);
    const current = `${location.pathname}${location.search ?? ''}`;
    // The saved location is where a login was started from; it is used where a login lands (the console's
    // root, or a login path). A deep link opened while logged in stays where it is and leaves the saved
    // location to the login that saved it: a page opened within a second of a login callback, in another
    // tab, was sent to that login's location (issue 42, item 8).
    const landing =
      location.pathname === '/' || location.pathname === '' || location.pathname.startsWith('/login');
    if (!landing) return { kind: 'ready', authenticated: true, to: current, user };
    const saved = savedLocation(storage);
    clearSavedLocation(storage);
    const to = saved && !saved.startsWith('/login') ? saved : HOME_PATH;
    return { kind: 'ready', authenticated: true, to, user };
  }

  const { pathname } = location;
  const search = location.search ?? '';
  // A known name means the identity provider already answered: login would not help, keep no location.
  if (!config.name) saveLocation(`${pathname}${search}`, storage);
  if ((config.missingAttributes ?? []).length > 0) {
    return { kind: 'ready', authenticated: false, to: MISSING_ATTRIBUTES_PATH };
  }
  if (config.name && pathname !== INVITATION_ACCEPT_PATH) return deadend();
  if (isPublicPath(pathname)) return { kind: 'ready', authenticated: false, to: `${pathname}${search}` };
  return { kind: 'login' };
}
