/**
 * Role rows kept between requests while nothing can have changed them: each with the change clock's
 * reading from before it was read (db/change-clock.ts), used while the clock still reads the same. Roles
 * are few and read by every invitation list: a page of ten invitations built its roles' rows as JSON in
 * its statement (a fifth of it on PGlite), though they are the same few roles page after page.
 *
 * The rows are ROLE_COLUMNS (no member count, which changes with every membership) and frozen: callers
 * shape them (toRole) and never change them.
 */
import type { ChangeClock } from '../db/change-clock.js';
import type { Queryable } from '../db/types.js';
import type { ApplicationMap, Role } from 'shared-auth/rules';
import { ROLE_COLUMNS, toRole, type RoleSelectRow } from './role.rows.js';

/** How many roles are kept at most (a role row is a few hundred bytes; the performance seed has 5,000). */
export const ROLE_MEMO_SIZE = 10_000;

export class RoleMemo {
  private readonly kept = new Map<number, { row: RoleSelectRow; reading: number }>();
  /** The reading the last rows were kept at. */
  private lastReading: number | null = null;

  constructor(private readonly size = ROLE_MEMO_SIZE) {}

  /** The row as read while the clock read `reading`, or undefined if none is kept for that reading. */
  get(id: number, reading: number | null): RoleSelectRow | undefined {
    const entry = this.kept.get(id);
    if (!entry) return undefined;
    if (entry.reading !== reading) {
      this.kept.delete(id);
      return undefined;
    }
    return entry.row;
  }

  /**
   * Whether rows were kept at this reading: whether a list is likely to find its roles here, or should
   * rather read them with its own statement (and keep them).
   */
  warm(reading: number | null): boolean {
    return reading !== null && reading === this.lastReading;
  }

  /** Keeps rows read while the clock read `reading` (nothing while it reads null). */
  set(rows: readonly RoleSelectRow[], reading: number | null): void {
    if (reading === null) return;
    this.lastReading = reading;
    for (const row of rows) {
      const id = Number(row.id);
      this.kept.delete(id);
      this.kept.set(id, { row: frozen(row), reading });
    }
    // The oldest go first (a Map keeps the order of insertion).
    for (const id of this.kept.keys()) {
      if (this.kept.size <= this.size) break;
      this.kept.delete(id);
    }
  }
}

function frozen(row: RoleSelectRow): RoleSelectRow {
  if (Array.isArray(row.usages)) for (const usage of row.usages) Object.freeze(usage);
  Object.freeze(row.usages);
  return Object.freeze(row);
}

/** One memo per database (per clock): a process may open several (the tests do). */
const memos = new WeakMap<ChangeClock, RoleMemo>();

/** The role memo of the database this clock watches. */
export function roleMemo(clock: ChangeClock): RoleMemo {
  let memo = memos.get(clock);
  if (!memo) memos.set(clock, (memo = new RoleMemo()));
  return memo;
}

/**
 * The rows of these roles (those that exist), from the memo while the clock has not moved, the others read
 * in one statement.
 */
export async function roleRowsById(
  q: Queryable,
  clock: ChangeClock,
  ids: readonly number[],
): Promise<Map<number, RoleSelectRow>> {
  const memo = roleMemo(clock);
  // The reading from before the read: a change committed while it runs leaves what it read stale.
  const reading = clock.reading;
  const found = new Map<number, RoleSelectRow>();
  const missing: number[] = [];
  for (const id of new Set(ids)) {
    const row = memo.get(id, reading);
    if (row) found.set(id, row);
    else missing.push(id);
  }
  if (missing.length === 0) return found;
  const { rows } = await q.query<RoleSelectRow>(
    `SELECT ${ROLE_COLUMNS} FROM roles r WHERE r.id = ANY($1::bigint[])`,
    [missing],
    { prepare: true },
  );
  memo.set(rows, reading);
  for (const row of rows) found.set(Number(row.id), row);
  return found;
}

/** Roles as shaped from a kept row, with the registry's applications they were shaped with. */
const shaped = new WeakMap<RoleSelectRow, { known: ReadonlyMap<string, ApplicationMap>; role: Role }>();

/**
 * toRole of a row, shaped once for as long as the row is kept and the registry's applications are the same
 * (the memo's rows are frozen and shared, and so are the roles shaped from them: an invitation page's roles,
 * 10 rows each shaping a role with its applications, were shaped again on every request).
 */
export function shapedRole(row: RoleSelectRow, known: ReadonlyMap<string, ApplicationMap>): Role {
  const kept = shaped.get(row);
  if (kept && kept.known === known) return kept.role;
  // Frozen at the top (its applications are the registry's own objects, left as they are).
  const role = Object.freeze(toRole(row, known));
  shaped.set(row, { known, role });
  return role;
}
