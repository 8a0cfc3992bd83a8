/**
 * HTTP to one SCIM target (RFC 7644): JSON in and out, a timeout, and every failure sorted into "try again
 * later" (network, timeout, 429, 5xx; with the target's Retry-After) or "refused" (any other 4xx, the
 * answer kept). The Authorization header is the only place a secret goes: never into an error or a log.
 */
import http from 'node:http';
import https from 'node:https';
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

/** Keep-alive connections to the targets, shared by every delivery loop of the process. */
const AGENTS = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

interface RawAnswer {
  status: number;
  retryAfter: string | null;
  text: string;
}

/**
 * One HTTP exchange through node:http on a kept-alive connection (cheaper a call than fetch). Rejects when
 * no answer came; an answer whose body broke off reads as an empty body.
 */
function exchange(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  signal: AbortSignal,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const agent = url.protocol === 'https:' ? AGENTS['https:'] : AGENTS['http:'];
    const request = client.request(url, { method, headers, agent, signal }, (response) => {
      const chunks: Buffer[] = [];
      const done = () =>
        resolve({
          status: response.statusCode ?? 0,
          retryAfter: [response.headers['retry-after']].flat()[0] ?? null,
          text: Buffer.concat(chunks).toString('utf8'),
        });
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', done);
      response.on('error', () => {
        chunks.length = 0;
        done();
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

export function scimClient(
  target: Pick<ScimTarget, 'url' | 'authorization'>,
  {
    timeoutMs,
    signal,
  }: {
    timeoutMs: number;
    /** Aborts every call (the server closing). */ signal?: AbortSignal;
  },
): ScimClient {
  return {
    async send(method, path, body) {
      const timeout = AbortSignal.timeout(timeoutMs);
      let answer: RawAnswer;
      try {
        answer = await exchange(
          new URL(`${target.url}${path}`),
          method,
          {
            accept: `${SCIM_CONTENT_TYPE}, application/json`,
            ...(body === undefined ? {} : { 'content-type': SCIM_CONTENT_TYPE }),
            ...(target.authorization ? { authorization: target.authorization } : {}),
          },
          body === undefined ? undefined : JSON.stringify(body),
          signal ? AbortSignal.any([timeout, signal]) : timeout,
        );
      } catch (error) {
        const e = error as Error & { code?: string; cause?: { code?: string } };
        const why = timeout.aborted
          ? `no answer within ${timeoutMs} ms`
          : (e.code ?? e.cause?.code ?? e.message);
        throw new ScimError(`${method} ${path}: ${why}`, null, true);
      }
      const { status, text } = answer;
      // A redirect is not followed (the target's URL is configured): tried again later, as a failure to reach it.
      if (status >= 300 && status < 400) {
        throw new ScimError(`${method} ${path}: redirected (HTTP ${status}), not followed`, null, true);
      }
      if ((status >= 200 && status < 300) || (method === 'DELETE' && status === 404)) {
        let parsed: Record<string, unknown> | null = null;
        if (text.trim() !== '') {
          try {
            parsed = JSON.parse(text) as Record<string, unknown>;
          } catch {
            throw new ScimError(`${method} ${path}: the answer is not JSON`, status, false);
          }
        }
        return { status, body: parsed };
      }
      const retry = status === 429 || status >= 500;
      throw new ScimError(
        `${method} ${path}: ${reasonOf(status, text)}`,
        status,
        retry,
        retry ? retryAfterMs(answer.retryAfter) : undefined,
      );
    },
  };
}
