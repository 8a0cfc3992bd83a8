/**
 * `Idempotency-Key` on the external API's creating calls: the same key with the same body within 24 hours
 * answers the first answer again (nothing is written or mailed a second time); with another body, 422; while
 * the first is still under way, 409. Kept in the database (stores/idempotency.store.ts), so a retry that
 * reaches another instance is recognised too. A call that failed leaves no answer behind: its retry runs.
 * A call under way holds its key under a lease (IDEMPOTENCY_LEASE_SECONDS) that it renews while it runs;
 * one whose instance died stops renewing, and a retry with the same body after the lease runs it.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { httpError } from '../errors.js';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  IDEMPOTENCY_LEASE_SECONDS,
  releaseIdempotencyKey,
  renewIdempotencyClaim,
} from '../stores/idempotency.store.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The header as the route schemas declare it. */
export const idempotencyKeyHeaders = {
  type: 'object',
  properties: {
    [IDEMPOTENCY_HEADER]: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      pattern: '^[\\x21-\\x7e]+$',
      description:
        'Any unique text (a UUID, say) of up to 255 visible ASCII characters. A retry with the same key and body within 24 hours answers the first answer again; with another body it is refused (422); while the first is still under way, 409. ' +
        `A key whose request was lost (its server stopped) is free for the same request again after ${IDEMPOTENCY_LEASE_SECONDS} seconds.`,
      examples: ['0b7e1c52-3f0e-4d5e-9a55-6a1f4f0f3a11'],
    },
  },
} as const;

/** Canonical JSON: object keys sorted, so that the same body hashes alike whatever its key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      // Object keys are unique, so two are never equal.
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * What a key is bound to: the operation and its body. The operation is part of it, so the same key and
 * body sent to another operation is another request (422), never the first operation's answer.
 */
export function idempotencyRequestHash(operation: string, body: unknown): string {
  return createHash('sha256')
    .update(`${operation}\n${canonical(body)}`)
    .digest('hex');
}

/**
 * Runs `create` once per key: answers `{ status, body }` of the first run, or of this one. Without the
 * header it simply runs.
 */
export async function idempotent<T>(
  request: FastifyRequest,
  operation: string,
  create: () => Promise<{ status: number; body: T }>,
): Promise<{ status: number; body: T; replayed: boolean }> {
  const key = request.headers[IDEMPOTENCY_HEADER];
  const token = request.apiToken;
  if (typeof key !== 'string' || key.length === 0 || !token) return { ...(await create()), replayed: false };
  const { db } = request.server;
  const hash = idempotencyRequestHash(operation, request.body);
  const claimId = randomUUID();
  const claim = await claimIdempotencyKey(db, token.id, key, operation, hash, claimId);
  if (claim.kind === 'other-body') {
    throw httpError(
      422,
      'This Idempotency-Key was used in the last 24 hours for another request: send a new key for a new request',
    );
  }
  if (claim.kind === 'in-progress') {
    throw httpError(
      409,
      'A request with this Idempotency-Key is still being processed: retry in a few seconds',
    );
  }
  if (claim.kind === 'replay') return { status: claim.status, body: claim.response as T, replayed: true };
  // Renewed three times a lease while it runs: a long request keeps its key; a dead one lets it go.
  const renewal = setInterval(
    () => {
      renewIdempotencyClaim(db, token.id, key, claimId).catch((error: unknown) =>
        request.log.warn({ err: error }, 'idempotency: claim not renewed'),
      );
    },
    (IDEMPOTENCY_LEASE_SECONDS * 1000) / 3,
  );
  renewal.unref();
  try {
    const result = await create();
    clearInterval(renewal);
    if (!(await completeIdempotencyKey(db, token.id, key, claimId, result.status, result.body))) {
      request.log.warn(
        { key },
        'idempotency: the claim was taken over by a retry before this answer was kept',
      );
    }
    return { ...result, replayed: false };
  } catch (error) {
    clearInterval(renewal);
    await releaseIdempotencyKey(db, token.id, key, claimId);
    throw error;
  }
}
