/**
 * The registry snapshot's one row (migration 027): what the refreshing instance writes and every instance
 * reads (registry/registry-snapshot.ts).
 */
import type { Queryable } from '../db/types.js';
import type { EntitySnapshot } from '../registry/entity-registry.js';

/** The snapshot's state without its entities: /ready's body and the system area. */
export interface RegistrySnapshotState {
  /** 0 while no refresh has succeeded yet. */
  version: number;
  /** The last successful refresh (ISO), whether the content changed or not. */
  refreshedAt: string | null;
  /** When the content last changed (ISO). */
  changedAt: string | null;
  /** The error of the last refresh when it failed (null when it succeeded). */
  lastError: string | null;
  lastErrorAt: string | null;
}

interface StateRow {
  version: string | number;
  fetched_at: Date | string | null;
  changed_at: Date | string | null;
  last_error: string | null;
  last_error_at: Date | string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const STATE_COLUMNS = 'version, fetched_at, changed_at, last_error, last_error_at';

function toState(row: StateRow | undefined): RegistrySnapshotState {
  if (!row) return { version: 0, refreshedAt: null, changedAt: null, lastError: null, lastErrorAt: null };
  return {
    version: Number(row.version),
    refreshedAt: iso(row.fetched_at),
    changedAt: iso(row.changed_at),
    lastError: row.last_error,
    lastErrorAt: iso(row.last_error_at),
  };
}

export async function readSnapshotState(q: Queryable): Promise<RegistrySnapshotState> {
  const { rows } = await q.query<StateRow>(`SELECT ${STATE_COLUMNS} FROM registry_snapshot WHERE id = 1`);
  return toState(rows[0]);
}

/**
 * The snapshot's version and content hash, and its entities only when the hash is not `knownHash` (one
 * statement: an instance that is up to date reads a number and a hash, not megabytes of JSON). Keyed by the
 * content, not the version: a table emptied and refilled starts its versions again.
 */
export async function readSnapshotIfChanged(
  q: Queryable,
  knownHash: string | null,
): Promise<{ version: number; hash: string | null; entities: EntitySnapshot | null }> {
  const { rows } = await q.query<{
    version: string | number;
    content_hash: string | null;
    entities: EntitySnapshot | null;
  }>(
    `SELECT version, content_hash,
       CASE WHEN content_hash IS DISTINCT FROM $1::text THEN entities END AS entities
     FROM registry_snapshot WHERE id = 1`,
    [knownHash],
    { prepare: true },
  );
  const row = rows[0];
  return row
    ? { version: Number(row.version), hash: row.content_hash, entities: row.entities }
    : { version: 0, hash: null, entities: null };
}

/**
 * Claims the next refresh: true when no refresh began within `spacingMs` (or `spacingMs` is 0), so that of
 * several instances on the same schedule one reads the source each period. Makes the row on first use.
 */
export async function claimRefresh(q: Queryable, spacingMs: number): Promise<boolean> {
  const { rows } = await q.query(
    `INSERT INTO registry_snapshot (id, attempted_at) VALUES (1, now())
     ON CONFLICT (id) DO UPDATE SET attempted_at = now()
     WHERE registry_snapshot.attempted_at IS NULL
        OR registry_snapshot.attempted_at <= now() - make_interval(secs => $1::double precision / 1000)
     RETURNING id`,
    [spacingMs],
  );
  return rows.length > 0;
}

/**
 * Stores a successful refresh: a new version only when the content (its hash) changed; the error of an
 * earlier failed refresh is cleared either way. Answers the state after it.
 */
export async function storeRefreshed(
  q: Queryable,
  entities: EntitySnapshot,
  contentHash: string,
): Promise<RegistrySnapshotState & { changed: boolean }> {
  const { rows } = await q.query<StateRow & { changed: boolean }>(
    `WITH old AS (SELECT content_hash FROM registry_snapshot WHERE id = 1)
     INSERT INTO registry_snapshot AS s (id, entities, content_hash, version, fetched_at, changed_at, attempted_at)
     VALUES (1, $1::jsonb, $2, 1, now(), now(), now())
     ON CONFLICT (id) DO UPDATE SET
       entities = CASE WHEN s.content_hash IS DISTINCT FROM $2 THEN EXCLUDED.entities ELSE s.entities END,
       version = CASE WHEN s.content_hash IS DISTINCT FROM $2 THEN s.version + 1 ELSE s.version END,
       changed_at = CASE WHEN s.content_hash IS DISTINCT FROM $2 THEN now() ELSE s.changed_at END,
       content_hash = $2,
       fetched_at = now(),
       attempted_at = now(),
       last_error = NULL,
       last_error_at = NULL
     RETURNING ${STATE_COLUMNS},
       (SELECT content_hash FROM old) IS DISTINCT FROM $2 AS changed`,
    [JSON.stringify(entities), contentHash],
  );
  return { ...toState(rows[0]), changed: rows[0].changed };
}

/** Records a failed refresh; the last good entities and version stay. */
export async function storeRefreshFailed(q: Queryable, error: string): Promise<RegistrySnapshotState> {
  const { rows } = await q.query<StateRow>(
    `INSERT INTO registry_snapshot AS s (id, attempted_at, last_error, last_error_at)
     VALUES (1, now(), $1, now())
     ON CONFLICT (id) DO UPDATE SET attempted_at = now(), last_error = $1, last_error_at = now()
     RETURNING ${STATE_COLUMNS}`,
    [error],
  );
  return toState(rows[0]);
}
