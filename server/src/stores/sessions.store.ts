/** Browser sessions (plugins/session.ts): every statement on the sessions table. */
import type { Queryable } from '../db/types.js';

/** A stored session that has not expired, or null. */
export async function readSession<T>(q: Queryable, id: string): Promise<{ data: T; expiresAt: Date } | null> {
  const { rows } = await q.query<{ data: T; expires_at: Date }>(
    'SELECT data, expires_at FROM sessions WHERE id = $1 AND expires_at > now()',
    [id],
  );
  return rows.length === 1 ? { data: rows[0].data, expiresAt: rows[0].expires_at } : null;
}

export async function deleteSession(q: Queryable, id: string): Promise<void> {
  await q.query('DELETE FROM sessions WHERE id = $1', [id]);
}

/** Creates or replaces the session's data, expiring at `expiresAt`. */
export async function writeSession(q: Queryable, id: string, data: unknown, expiresAt: Date): Promise<void> {
  await q.query(
    `INSERT INTO sessions (id, data, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data, expires_at = EXCLUDED.expires_at`,
    [id, JSON.stringify(data), expiresAt],
  );
}

export async function extendSession(q: Queryable, id: string, expiresAt: Date): Promise<void> {
  await q.query('UPDATE sessions SET expires_at = $2 WHERE id = $1', [id, expiresAt]);
}

/** Deletes expired sessions and expired dev IdP records; returns how many rows went. */
export async function purgeExpired(q: Queryable): Promise<number> {
  const sessions = await q.query('DELETE FROM sessions WHERE expires_at < now()');
  const idp = await q.query('DELETE FROM dev_idp_store WHERE expires_at < now()');
  return sessions.rowCount + idp.rowCount;
}
