// Spec §2 Startup's calls, begun by the host's entry (main.js) before the shared libraries have loaded and
// run: the CSRF token and the config at once, then the user when the config says authenticated (or at once
// when the page says the browser sent a session cookie). Plain
// fetch with the client's request conventions and no library of its own, so that it can live in main.js.
// runStartup reads the answers through the one HTTP client (its hooks, session check and errors) as if it
// had fetched them itself; an answer it does not take is simply never read.
import { pageLanguage } from '../http/page-language.js';
import { API_PREFIX } from '../http/protocol.js';

export interface EarlyStartupCalls {
  csrf: Promise<Response>;
  config: Promise<Response>;
  /** The user's answer; null when the config says not authenticated or could not be read. */
  me: Promise<Response | null>;
}

export interface EarlyCallsEnvironment {
  fetch?: typeof fetch;
  /** The page's search (window.location), and its cookies and browser language. */
  search?: string;
  cookie?: string;
  browserLanguage?: string | null;
  /** Whether the page says the browser sent a session cookie (its `portal-session` meta, static.ts). */
  sessionHint?: boolean;
}

/** Begins the startup calls; every promise settles (a failed fetch rejects, and is caught where read). */
export function beginStartupCalls(environment: EarlyCallsEnvironment = {}): EarlyStartupCalls {
  const doFetch = environment.fetch ?? globalThis.fetch.bind(globalThis);
  // The same language shared-auth's client sends before i18next runs (current-language.ts).
  const language = pageLanguage({
    search: environment.search ?? window.location.search,
    cookie: environment.cookie ?? document.cookie,
    browser: environment.browserLanguage === undefined ? navigator.language : environment.browserLanguage,
  });
  const get = (path: string): Promise<Response> =>
    // Relative (the page's own origin); a GET with the cookies of the same origin, fetch's defaults.
    doFetch(`${API_PREFIX}${path}`, {
      redirect: 'manual',
      headers: { Accept: 'application/json', 'Accept-Language': language },
    });

  const csrf = get('csrf');
  const config = get('users/config');
  // With a session cookie sent (the page says so), the user's call leaves with the config's: after the
  // config's answer it often waited for the main thread, busy evaluating the libraries. runStartup
  // reads it only when the config says authenticated.
  const me =
    (environment.sessionHint ?? document.querySelector('meta[name=portal-session]') !== null)
      ? get('users/me').catch(() => null)
      : config
          .then(async (response) => {
            if (!response.ok) return null;
            const body = (await response.clone().json()) as { authenticated?: unknown } | null;
            return body?.authenticated === true ? get('users/me') : null;
          })
          .catch(() => null);
  // Nobody may ever read a failed early call: that is no reason for an unhandled rejection.
  csrf.catch(() => undefined);
  config.catch(() => undefined);
  return { csrf, config, me };
}
