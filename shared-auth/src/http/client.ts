import ky, { HTTPError, type KyInstance, type Options } from 'ky';
import { DEFAULT_ERROR_REFERENCE, ERROR_RETHROW_MS, OPAQUE_REDIRECT_RELOAD_MS } from '../constants.js';
import type { ApiErrorBody } from '../rules/types.js';
import { useErrorDialogStore } from '../stores/error-dialog.store.js';
import { useSessionStore } from '../stores/session.store.js';
import { ApiError } from './api-error.js';
import { currentLanguage } from './current-language.js';
import { reloadPage } from './page.js';
import { API_PREFIX, SESSION_ALIVE_HEADER } from './protocol.js';

export type SearchParamValue = string | number | boolean | null | undefined;

export interface ApiOptions {
  /** Query parameters; undefined (and null) values are left out. */
  searchParams?: Record<string, SearchParamValue>;
  /** On failure, open the failure dialog with the body's reference (999 when absent), rethrow after 250 ms. */
  showErrorDialog?: boolean;
  /** Statuses the caller shows itself (e.g. 409 as a field message): no failure dialog for them. */
  handledStatuses?: readonly number[];
  /** false: do not reload when the answer lacks x-session-alive (calls that end the session). */
  checkSession?: boolean;
  /** Extra request headers of this call (e.g. `X-Progress-Id`); the client's own headers win. */
  headers?: Record<string, string>;
  /**
   * The answer to this very request, already on its way (a startup call begun by the host's entry): read
   * through the client like one it fetched itself. null, or a failure to fetch it, makes the client fetch.
   */
  answer?: Promise<Response | null>;
}

export { API_PREFIX, SESSION_ALIVE_HEADER };

function prefixUrl(): string {
  // Node's Request (used by ky in tests) cannot resolve a relative URL; the browser resolves the same.
  const origin = typeof window !== 'undefined' ? window.location.origin : '';
  return `${origin}${API_PREFIX}`;
}

let client: KyInstance | undefined;

function api(): KyInstance {
  client ??= ky.create({
    prefixUrl: prefixUrl(),
    credentials: 'same-origin',
    redirect: 'manual',
    retry: 0,
    timeout: false,
    hooks: {
      beforeRequest: [
        (request) => {
          const { csrfToken, impersonator, user } = useSessionStore.getState();
          request.headers.set('Accept', 'application/json');
          request.headers.set('Accept-Language', currentLanguage());
          if (csrfToken) request.headers.set('X-CSRF-TOKEN', csrfToken);
          if (impersonator && user) request.headers.set('X-IMPERSONATE-ID', String(user.id));
        },
      ],
      afterResponse: [
        (_request, _options, response) => {
          if (response.status === 401) reloadPage();
          else if (response.type === 'opaqueredirect') setTimeout(reloadPage, OPAQUE_REDIRECT_RELOAD_MS);
        },
      ],
    },
  });
  return client;
}

function toSearchParams(params: Record<string, SearchParamValue> | undefined): URLSearchParams | undefined {
  if (!params) return undefined;
  const searchParams = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) searchParams.append(key, String(value));
  }
  return searchParams;
}

/** Added to every call but those that end the session themselves. */
function checkSessionAlive(_request: Request, _options: unknown, response: Response): void {
  // The server marks every answer of its own, anonymous ones included. An OK answer without the mark
  // came from something in between (a login gateway, a proxy's page): start over (spec §4).
  if (response.ok && response.headers.get(SESSION_ALIVE_HEADER) !== 'true') reloadPage();
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    const body = await readJson(error.response).catch(() => null);
    const errorBody = body && typeof body === 'object' ? (body as ApiErrorBody) : null;
    return new ApiError(error.response.status, errorBody);
  }
  return new ApiError(0, null, error instanceof Error ? error.message : String(error));
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call<T>(method: string, path: string, body: unknown, options: ApiOptions = {}): Promise<T> {
  const kyOptions: Options = { method, searchParams: toSearchParams(options.searchParams) };
  if (options.headers) kyOptions.headers = options.headers;
  if (body !== undefined) kyOptions.json = body;
  if (options.checkSession !== false) kyOptions.hooks = { afterResponse: [checkSessionAlive] };
  const { answer } = options;
  if (answer) {
    kyOptions.fetch = async (input, init) =>
      (await answer.catch(() => null)) ?? globalThis.fetch(input as Request, init);
  }
  try {
    const response = await api()(path.replace(/^\/+/, ''), kyOptions);
    return (await readJson(response)) as T;
  } catch (error) {
    const apiError = await toApiError(error);
    // A 401 or an opaque redirect reloads the page: no dialog in between.
    const handled = options.handledStatuses?.includes(apiError.status) ?? false;
    if (options.showErrorDialog && !handled && apiError.status !== 401 && apiError.status !== 0) {
      useErrorDialogStore.getState().show(apiError.body?.reference ?? DEFAULT_ERROR_REFERENCE);
      await delay(ERROR_RETHROW_MS);
    }
    throw apiError;
  }
}

/** GET /api/v1/<path>; resolves to the parsed JSON answer (null when empty). */
export function apiGet<T>(path: string, options?: ApiOptions): Promise<T> {
  return call<T>('get', path, undefined, options);
}

/** POST /api/v1/<path> with a JSON body. */
export function apiPost<T>(path: string, body?: unknown, options?: ApiOptions): Promise<T> {
  return call<T>('post', path, body, options);
}

/** PUT /api/v1/<path> with a JSON body. */
export function apiPut<T>(path: string, body?: unknown, options?: ApiOptions): Promise<T> {
  return call<T>('put', path, body, options);
}

/** DELETE /api/v1/<path>. */
export function apiDelete<T>(path: string, options?: ApiOptions): Promise<T> {
  return call<T>('delete', path, undefined, options);
}

/** POST users/error: tells the server about a client-side problem (a missing translation). Never fails. */
export async function reportError(body: Record<string, unknown>): Promise<void> {
  try {
    await apiPost<unknown>('users/error', body);
  } catch {
    // Best effort: a failing report must not disturb the page that made it.
  }
}
