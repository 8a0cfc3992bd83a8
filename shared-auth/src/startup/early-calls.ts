// Spec §2 Startup's calls, begun by the host's entry (main.js) before the shared libraries have loaded and
// run: the CSRF token and the config at once, then the user when the config says authenticated (or at once
// when the page says the browser sent a session cookie). Plain
// fetch with the client's request conventions and no library of its own, so that it can live in main.js.
// runStartup reads the answers through the one HTTP client (its hooks, session check and errors) as if it
// had fetched them itself; an answer it does not take is simply never read.
import { pageLanguage, pageLanguageCookie } from '../http/page-language.js';
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
  /** The answers the page carries (carriedAnswers()); null for none. */
  carried?: Record<string, CarriedAnswer> | null;
}

/**
 * The id of the page's data block in which the server puts startup's answers for this page load (the
 * server's static.ts): `{ csrf, config, me? }`, each `{ status, alive, body }`.
 */
export const STARTUP_ANSWERS_ID = 'portal-startup';

export interface CarriedAnswer {
  status: number;
  alive: boolean;
  body: string;
}

/** The answers the page carries, by call name; null when it carries none (or none that can be read). */
export function carriedAnswers(
  doc: Pick<Document, 'getElementById'> = document,
): Record<string, CarriedAnswer> | null {
  const text = doc.getElementById(STARTUP_ANSWERS_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, CarriedAnswer>) : null;
  } catch {
    return null;
  }
}

/** A carried answer as the Response the client reads (its status, session mark and body). */
export function asResponse(answer: CarriedAnswer | undefined): Promise<Response> | null {
  if (!answer || typeof answer.status !== 'number' || typeof answer.body !== 'string') return null;
  return Promise.resolve(
    new Response(answer.body, {
      status: answer.status,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(answer.alive ? { 'x-session-alive': 'true' } : {}),
      },
    }),
  );
}

/**
 * Begins the startup calls; every promise settles (a failed fetch rejects, and is caught where read).
 * Answers the page carries (STARTUP_ANSWERS_ID) are taken instead of asked for.
 */
export function beginStartupCalls(environment: EarlyCallsEnvironment = {}): EarlyStartupCalls {
  const doFetch = environment.fetch ?? globalThis.fetch.bind(globalThis);
  const carried = environment.carried === undefined ? carriedAnswers() : environment.carried;
  // The same language shared-auth's client sends before i18next runs (current-language.ts).
  const language = pageLanguage({
    search: environment.search ?? window.location.search,
    cookie: environment.cookie ?? pageLanguageCookie(),
    browser: environment.browserLanguage === undefined ? navigator.language : environment.browserLanguage,
  });
  const get = (path: string): Promise<Response> =>
    // Relative (the page's own origin); a GET with the cookies of the same origin, fetch's defaults.
    doFetch(`${API_PREFIX}${path}`, {
      redirect: 'manual',
      headers: { Accept: 'application/json', 'Accept-Language': language },
    });

  const carriedConfig = asResponse(carried?.config);
  const csrf = asResponse(carried?.csrf) ?? get('csrf');
  const config = carriedConfig ?? get('users/config');
  // With a session cookie sent (the page says so), the user's call leaves with the config's: after the
  // config's answer it often waited for the main thread, busy evaluating the libraries. runStartup
  // reads it only when the config says authenticated. A page that carries the config carries the user
  // too when the config says authenticated (unless that answer was not a 200: then it is asked for).
  const sessionHint = environment.sessionHint ?? document.querySelector('meta[name=portal-session]') !== null;
  const me =
    asResponse(carried?.me) ??
    (sessionHint && !carriedConfig
      ? get('users/me').catch(() => null)
      : config
          .then(async (response) => {
            if (!response.ok) return null;
            const body = (await response.clone().json()) as { authenticated?: unknown } | null;
            return body?.authenticated === true ? get('users/me') : null;
          })
          .catch(() => null));
  // Nobody may ever read a failed early call: that is no reason for an unhandled rejection.
  csrf.catch(() => undefined);
  config.catch(() => undefined);
  return { csrf, config, me };
}
