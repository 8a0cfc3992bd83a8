/**
 * One limiter for every credential, counted in the database (stores/credential-limits.store.ts) so that
 * it holds across instances, in windows of a minute on the database's clock (a key's window begins at its
 * first hit; the next hit after it ended begins a new one):
 *
 * - failed logins: a wrong HTTP Basic service account (per account name and per client address) and an
 *   unknown X-API-TOKEN (per client address only: a token is 32 random bytes, nobody guesses one, and a
 *   count per token would only let anyone lock everyone else out). Past `credentialFailureLimit` failures
 *   (CREDENTIAL_FAILURE_LIMIT, 5 by default) in a window, every call with that account or from that
 *   address is answered 429 with Retry-After until that window ends, the right credentials included:
 *   otherwise a guess would still tell right from wrong, and the limit would mean nothing.
 * - the external API's calls: `externalApiRateLimit` (EXTERNAL_API_RATE_LIMIT, 600 by default, 0 = none)
 *   a window per token owner, all of the owner's tokens together, on every instance together.
 *
 * Each counted call costs one statement. A database that cannot be reached makes the statement fail like
 * every other one: the error handler answers 503 with Retry-After (errors.ts), never a 500.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { httpError, type HttpError } from '../errors.js';
import { hitAndRead, type WindowCounts } from '../stores/credential-limits.store.js';
import type { RunningCount } from '../stores/users.store.js';

/** No key counted (no statement run). */
const NONE_COUNTED: WindowCounts = { counts: new Map(), secondsLeft: new Map() };

/** The length of a counting window. */
export const WINDOW_SECONDS = 60;
/** Failed logins a window per account and per address when CREDENTIAL_FAILURE_LIMIT is not set. */
export const DEFAULT_FAILURE_LIMIT = 5;
/** The external API's calls a window per token owner when EXTERNAL_API_RATE_LIMIT is not set. */
export const DEFAULT_CALL_LIMIT = 600;

/** Text fit for a key and a log line: no control characters, at most 100 characters. */
export function printable(text: string, max = 100): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]/g, '?').slice(0, max);
}

/** The counters' keys. */
export const limitKeys = {
  account: (username: string) => `failed:basic:${printable(username)}`,
  address: (ip: string) => `failed:address:${printable(ip)}`,
  owner: (ownerId: number) => `calls:owner:${ownerId}`,
};

/** The 429s that began a lockout or a limit in their window: the audit trail records those, not the rest. */
const firstRefusals = new WeakSet<object>();

/** True for a 429 that was the first of its kind in its window (plugins/refusal-audit.ts audits it). */
export function isFirstOfWindow(error: unknown): boolean {
  // A WeakSet holds objects only: anything else is not in it (has() answers false, it does not throw).
  return firstRefusals.has(error as object);
}

function failureLimit(request: FastifyRequest): number {
  return request.server.config.credentialFailureLimit ?? DEFAULT_FAILURE_LIMIT;
}

function tooMany(reply: FastifyReply, secondsLeft: number, reason: string, first: boolean): HttpError {
  void reply.header('retry-after', String(secondsLeft));
  const error = httpError(429, `${reason}; try again in ${secondsLeft} seconds`);
  if (first) firstRefusals.add(error);
  return error;
}

export const LOCKED_OUT = 'Too many failed logins with this account or from this address';

/**
 * A call with HTTP Basic credentials: `username` as sent (null when the header held none), `ok` whether
 * they are a service account's. Right ones pass unless the account or the address is locked out (429);
 * wrong ones are counted and answered 429 once past the limit; below it the caller refuses them (401).
 */
export async function limitBasicLogin(
  request: FastifyRequest,
  reply: FastifyReply,
  username: string | null,
  ok: boolean,
): Promise<void> {
  const keys = [limitKeys.address(request.ip), ...(username === null ? [] : [limitKeys.account(username)])];
  await limitLogin(request, reply, keys, ok);
}

/** An unknown X-API-TOKEN: counted per address; 429 once past the limit, else the caller's 401. */
export async function limitUnknownToken(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await limitLogin(request, reply, [limitKeys.address(request.ip)], false);
}

async function limitLogin(
  request: FastifyRequest,
  reply: FastifyReply,
  keys: string[],
  ok: boolean,
): Promise<void> {
  const limit = failureLimit(request);
  // Read as they stand when right, counted when wrong (hitAndRead reads only the keys it does not hit).
  const { counts, secondsLeft } = await hitAndRead(request.server.db, ok ? [] : keys, keys, WINDOW_SECONDS);
  // A failure is counted before it is judged: the limit-th failure is still a 401, the next one a 429.
  const over = keys.filter((key) => (counts.get(key) ?? 0) > (ok ? limit - 1 : limit));
  if (over.length === 0) return;
  const first = !ok && over.some((key) => counts.get(key) === limit + 1);
  throw tooMany(reply, longest(over, secondsLeft), LOCKED_OUT, first);
}

/** The seconds until the last of `keys`' windows ends. */
function longest(keys: string[], secondsLeft: Map<string, number>): number {
  return Math.max(1, ...keys.map((key) => secondsLeft.get(key) ?? WINDOW_SECONDS));
}

/**
 * A call of the external API by a known token of `ownerId`: refused (429) while its address is locked
 * out, counted against its owner's calls a window, with the `x-ratelimit-*` headers; 429 past the limit.
 * `lockout` is the address's count as the token's statement read it (users.store.ts readTokenWithOwner,
 * key `limitKeys.address(request.ip)`, window WINDOW_SECONDS; null when none runs): with no limit on the
 * calls (`externalApiRateLimit` 0) the call costs no statement of its own.
 */
export async function limitTokenCall(
  request: FastifyRequest,
  reply: FastifyReply,
  ownerId: number,
  lockout: RunningCount | null,
): Promise<void> {
  const max = request.server.config.externalApiRateLimit ?? DEFAULT_CALL_LIMIT;
  const owner = limitKeys.owner(ownerId);
  // The owner's call is counted before the lockout is judged, as when both were one statement.
  const { counts, secondsLeft } =
    max > 0 ? await hitAndRead(request.server.db, [owner], [], WINDOW_SECONDS) : NONE_COUNTED;
  if ((lockout?.count ?? 0) >= failureLimit(request)) {
    throw tooMany(reply, Math.max(1, lockout?.secondsLeft ?? WINDOW_SECONDS), LOCKED_OUT, false);
  }
  if (max <= 0) return;
  const calls = counts.get(owner) ?? 0;
  const reset = longest([owner], secondsLeft);
  void reply.header('x-ratelimit-limit', String(max));
  void reply.header('x-ratelimit-remaining', String(Math.max(0, max - calls)));
  void reply.header('x-ratelimit-reset', String(reset));
  if (calls > max) {
    throw tooMany(
      reply,
      reset,
      `Rate limit exceeded: at most ${max} calls a minute per token owner (all their tokens together)`,
      calls === max + 1,
    );
  }
}
