/**
 * HTTP to one SCIM target (RFC 7644): JSON in and out, a timeout, and every failure sorted into "try again
 * later" (network, timeout, 429, 5xx; with the target's Retry-After) or "refused" (any other 4xx, the
 * answer kept). The Authorization header is the only place a secret goes: never into an error or a log.
 */
import type { ScimTarget } from '../registry/registry.js';

export const SCIM_CONTENT_TYPE = 'application/scim+json';

/** A failed SCIM call. `retry`: worth trying again later; `retryAfterMs`: when the target asked for. */
export class ScimError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retry: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ScimError';
  }
}

export interface ScimAnswer {
  status: number;
  body: Record<string, unknown> | null;
}

export interface ScimClient {
  /** Answers 2xx (and 404 on DELETE, which means "already gone"); throws a ScimError otherwise. */
  send(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<ScimAnswer>;
}

/** The longest part of an answer kept as a failure's reason. */
const REASON_MAX = 1_000;

/** Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3), in milliseconds from now. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function reasonOf(status: number, text: string): string {
  let detail = text.trim();
  try {
    const parsed = JSON.parse(text) as { detail?: unknown; scimType?: unknown };
    if (typeof parsed.detail === 'string') {
      detail = typeof parsed.scimType === 'string' ? `${parsed.scimType}: ${parsed.detail}` : parsed.detail;
    }
  } catch {
    // not JSON: the text as it is
  }
  const shown = detail.length > REASON_MAX ? `${detail.slice(0, REASON_MAX)}…` : detail;
  return shown ? `HTTP ${status}: ${shown}` : `HTTP ${status}`;
}

export function scimClient(
  target: Pick<ScimTarget, 'url' | 'authorization'>,
  {
    timeoutMs,
    fetchImpl = fetch,
    signal,
  }: {
    timeoutMs: number;
    fetchImpl?: typeof fetch;
    /** Aborts every call (the server closing). */ signal?: AbortSignal;
  },
): ScimClient {
  return {
    async send(method, path, body) {
      let response: Response;
      try {
        response = await fetchImpl(`${target.url}${path}`, {
          method,
          headers: {
            accept: `${SCIM_CONTENT_TYPE}, application/json`,
            ...(body === undefined ? {} : { 'content-type': SCIM_CONTENT_TYPE }),
            ...(target.authorization ? { authorization: target.authorization } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: signal
            ? AbortSignal.any([AbortSignal.timeout(timeoutMs), signal])
            : AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        const e = error as Error & { cause?: { code?: string } };
        const why =
          e.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (e.cause?.code ?? e.message);
        throw new ScimError(`${method} ${path}: ${why}`, null, true);
      }
      const text = await response.text().catch(() => '');
      if (response.ok || (method === 'DELETE' && response.status === 404)) {
        let parsed: Record<string, unknown> | null = null;
        if (text.trim() !== '') {
          try {
            parsed = JSON.parse(text) as Record<string, unknown>;
          } catch {
            throw new ScimError(`${method} ${path}: the answer is not JSON`, response.status, false);
          }
        }
        return { status: response.status, body: parsed };
      }
      const retry = response.status === 429 || response.status >= 500;
      throw new ScimError(
        `${method} ${path}: ${reasonOf(response.status, text)}`,
        response.status,
        retry,
        retry ? retryAfterMs(response.headers.get('retry-after')) : undefined,
      );
    },
  };
}
