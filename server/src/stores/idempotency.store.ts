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
 * Claims `key` for this token and request (`requestHash`: the operation and its body), or tells what an
 * earlier request with the key left: its answer, another body, or still under way. One statement, so two
 * instances claiming at once see each other: the second finds the first's row.
 */
export async function claimIdempotencyKey(
  q: Queryable,
  tokenId: number,
  key: string,
  operation: string,
  requestHash: string,
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
    `WITH claimed AS (
       INSERT INTO idempotency_keys (token_id, key, operation, request_hash)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (token_id, key) DO NOTHING
       RETURNING TRUE AS claimed, request_hash, status, response
     )
     SELECT * FROM claimed
     UNION ALL
     SELECT FALSE, request_hash, status, response FROM idempotency_keys
      WHERE token_id = $1 AND key = $2 AND NOT EXISTS (SELECT 1 FROM claimed)`,
    [tokenId, key, operation, requestHash],
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

/** Keeps the answer of the request that claimed `key`. */
export async function completeIdempotencyKey(
  q: Queryable,
  tokenId: number,
  key: string,
  status: number,
  response: unknown,
): Promise<void> {
  await q.query('UPDATE idempotency_keys SET status = $3, response = $4 WHERE token_id = $1 AND key = $2', [
    tokenId,
    key,
    status,
    JSON.stringify(response ?? null),
  ]);
}

/** Lets go of a key whose request failed, so that a retry runs it again. */
export async function releaseIdempotencyKey(q: Queryable, tokenId: number, key: string): Promise<void> {
  await q.query('DELETE FROM idempotency_keys WHERE token_id = $1 AND key = $2 AND status IS NULL', [
    tokenId,
    key,
  ]);
}

/** Removes keys past their window (the cleanup job); answers how many went. */
export async function purgeIdempotencyKeys(q: Queryable): Promise<number> {
  const { rowCount } = await q.query(
    'DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1)',
    [IDEMPOTENCY_HOURS],
  );
  return rowCount ?? 0;
}
