/**
 * Browser sessions (plugins/session.ts): the statements on the sessions table (a session is read with its
 * user in one round trip: readSessionWithUser in users.store.ts).
 */
import type { Queryable } from '../db/types.js';

export async function deleteSession(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM sessions WHERE id = $1', [id]);
}

/**
 * Deletes every browser session of this user (their removal holds from their next request); answers how
 * many went. Read by the index of migration 033.
 */
export async function deleteSessionsOfUser(q: Queryable, userId: number): Promise<number> {
  const { rowCount } = await q.query("DELETE FROM sessions WHERE data ->> 'userId' = $1::text", [
    String(userId),
  ]);
  return rowCount;
}

/** Creates or replaces the session's data, expiring at `expiresAt`. */
export async function writeSession(q: Queryable, id: string, data: unknown, expiresAt: Date): Promise<void> {
  await q.query(
    `INSERT INTO sessions (id, data, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data, expires_at = EXCLUDED.expires_at`,
    [id, JSON.stringify(data), expiresAt],
  );
}

/**
 * Moves the session's expiry to `expiresAt` unless it was moved within the last minute: of the requests
 * of one session that find it due at the same moment (a screen asks several things at once), on any
 * instance, one writes and the others change nothing.
 */
export async function extendSession(q: Queryable, id: string, expiresAt: Date): Promise<void> {
  await q.query(
    "UPDATE sessions SET expires_at = $2 WHERE id = $1 AND expires_at < $2::timestamptz - interval '1 minute'",
    [id, expiresAt],
    { prepare: true },
  );
}

/** Deletes expired sessions and expired dev IdP records; returns how many rows went. */
export async function purgeExpired(q: Queryable): Promise<number> {
  const sessions = await q.query('DELETE FROM sessions WHERE expires_at < now()');
  const idp = await q.query('DELETE FROM dev_idp_store WHERE expires_at < now()');
  return sessions.rowCount + idp.rowCount;
}
