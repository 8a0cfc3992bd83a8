/**
 * What a failed delivery leads to: tried again after a backoff (a target that is down or busy, or our own
 * failure such as the database being away), or given up (the target refused it, or the last attempt
 * failed). Pure: the delivery loop (delivery-loop.ts) records the outcome.
 */
import { ScimError } from './scim-client.js';

export interface AttemptSettings {
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
}

export type AfterFailure =
  | { retry: true; delayMs: number; status: number | null; reason: string }
  | { retry: false; status: number | null; reason: string };

/** The next attempt's delay: the target's Retry-After, else exponential from the base, capped, jittered. */
export function backoffMs(attempts: number, base: number, max: number, retryAfter?: number): number {
  if (retryAfter !== undefined) return Math.min(Math.max(retryAfter, base), max);
  const exponential = Math.min(base * 2 ** Math.min(attempts, 30), max);
  return Math.round(exponential * (0.8 + Math.random() * 0.4));
}

/**
 * After the attempt that failed with `error`, `attemptsBefore` attempts having failed before it: another
 * attempt while the failure is worth retrying and attempts remain, else given up with the reason shown.
 */
export function afterFailure(
  error: unknown,
  attemptsBefore: number,
  settings: AttemptSettings,
): AfterFailure {
  const scim = error instanceof ScimError ? error : null;
  const reason = scim ? scim.message : `internal error: ${(error as Error).message}`;
  const status = scim?.status ?? null;
  // Our own failures (the database unavailable, say) are tried again like a target's.
  const worthRetrying = scim ? scim.retry : true;
  const attempts = attemptsBefore + 1;
  if (worthRetrying && attempts < settings.maxAttempts) {
    const delayMs = backoffMs(attemptsBefore, settings.retryBaseMs, settings.retryMaxMs, scim?.retryAfterMs);
    return { retry: true, delayMs, status, reason };
  }
  return {
    retry: false,
    status,
    reason: worthRetrying ? `gave up after ${attempts} attempts: ${reason}` : reason,
  };
}
