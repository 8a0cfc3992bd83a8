/**
 * The idempotency aggregate: every statement on `idempotency_keys` (migration 021). A key belongs to the
 * token that sent it and counts for 24 hours.
 */
import type { Queryable } from '../db/types.js';

/** How long a key is remembered. */
export const IDEMPOTENCY_HOURS = 24;

export type IdempotencyClaim =
  | { kind: 'new' }
  | { kind: 'replay'; status: number; response: unknown }
  | { kind: 'other-body' }
  | { kind: 'in-progress' };

/**
 * How long a claim holds without an answer (migration 026). A request still running renews its claim
 * well within it (use-cases/idempotent.ts); one that died with its instance stops renewing, and a retry
 * after the lease runs again instead of being told 409 until the key's window ends.
 */
export const IDEMPOTENCY_LEASE_SECONDS = 60;

/**
 * Claims `key` for this token and request (`requestHash`: the operation and its body) as `claimId`, or
 * tells what an earlier request with the key left: its answer, another body, or still under way. A claim
 * left without an answer past the lease, for the same request, is taken over. One statement, so two
 * instances claiming (or taking over) at once see each other: the second finds the first's row.
 */
export async function claimIdempotencyKey(
  q: Queryable,
  tokenId: number,
  key: string,
  operation: string,
  requestHash: string,
  claimId: string,
): Promise<IdempotencyClaim> {
  // A stale row (older than the window) is taken over as if it were not there.
  await q.query(
    `DELETE FROM idempotency_keys
      WHERE token_id = $1 AND key = $2 AND created_at < now() - make_interval(hours => $3)`,
    [tokenId, key, IDEMPOTENCY_HOURS],
  );
  const { rows } = await q.query<{
    claimed: boolean;
    request_hash: string;
    status: number | null;
    response: unknown;
  }>(
    // `taken`: a claim of the same request whose lease ran out. Of two retries at once the second waits
    // for the first's row lock, then finds the claim renewed and takes nothing.
    `WITH taken AS (
       UPDATE idempotency_keys SET claimed_at = clock_timestamp(), claim_id = $5
        WHERE token_id = $1 AND key = $2 AND status IS NULL AND request_hash = $4
          AND claimed_at < clock_timestamp() - make_interval(secs => $6)
       RETURNING TRUE AS claimed, request_hash, status, response
     ), claimed AS (
       INSERT INTO idempotency_keys (token_id, key, operation, request_hash, claim_id, claimed_at)
       VALUES ($1, $2, $3, $4, $5, clock_timestamp())
       ON CONFLICT (token_id, key) DO NOTHING
       RETURNING TRUE AS claimed, request_hash, status, response
     )
     SELECT * FROM taken
     UNION ALL
     SELECT * FROM claimed
     UNION ALL
     SELECT FALSE, request_hash, status, response FROM idempotency_keys
      WHERE token_id = $1 AND key = $2
        AND NOT EXISTS (SELECT 1 FROM claimed) AND NOT EXISTS (SELECT 1 FROM taken)`,
    [tokenId, key, operation, requestHash, claimId, IDEMPOTENCY_LEASE_SECONDS],
  );
  let row = rows[0];
  if (!row) {
    // Claimed at the same moment by another request, whose row this statement's snapshot (taken before
    // that request committed) cannot see: read it now.
    const again = await q.query<{ request_hash: string; status: number | null; response: unknown }>(
      'SELECT request_hash, status, response FROM idempotency_keys WHERE token_id = $1 AND key = $2',
      [tokenId, key],
    );
    if (again.rows.length === 0) return { kind: 'in-progress' };
    row = { claimed: false, ...again.rows[0] };
  }
  if (row.claimed) return { kind: 'new' };
  if (row.request_hash !== requestHash) return { kind: 'other-body' };
  if (row.status === null) return { kind: 'in-progress' };
  return { kind: 'replay', status: row.status, response: row.response };
}

/** Keeps the claim `claimId` of a request still running alive for another lease. */
export async function renewIdempotencyClaim(
  q: Queryable,
  tokenId: number,
  key: string,
  claimId: string,
): Promise<void> {
  await q.query(
    `UPDATE idempotency_keys SET claimed_at = clock_timestamp()
      WHERE token_id = $1 AND key = $2 AND claim_id = $3 AND status IS NULL`,
    [tokenId, key, claimId],
  );
}

/**
 * Keeps the answer of the request that holds the claim `claimId`; answers false when the claim is no
 * longer its own (taken over after its lease ran out: the retry's answer stands).
 */
export async function completeIdempotencyKey(
  q: Queryable,
  tokenId: number,
  key: string,
  claimId: string,
  status: number,
  response: unknown,
): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE idempotency_keys SET status = $4, response = $5
      WHERE token_id = $1 AND key = $2 AND claim_id = $3 AND status IS NULL`,
    [tokenId, key, claimId, status, JSON.stringify(response ?? null)],
  );
  return (rowCount ?? 0) > 0;
}

/** Lets go of the claim `claimId` of a request that failed, so that a retry runs it again. */
export async function releaseIdempotencyKey(
  q: Queryable,
  tokenId: number,
  key: string,
  claimId: string,
): Promise<void> {
  await q.query(
    'DELETE FROM idempotency_keys WHERE token_id = $1 AND key = $2 AND claim_id = $3 AND status IS NULL',
    [tokenId, key, claimId],
  );
}

/** Removes keys past their window (the cleanup job); answers how many went. */
export async function purgeIdempotencyKeys(q: Queryable): Promise<number> {
  const { rowCount } = await q.query(
    'DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1)',
    [IDEMPOTENCY_HOURS],
  );
  return rowCount ?? 0;
}
