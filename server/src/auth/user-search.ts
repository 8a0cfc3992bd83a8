/** The paged user searches of the users endpoints (trigram-indexed ILIKE over name and e-mail). */
import type { Queryable } from '../db/types.js';
import { cappedCount, COUNT_CAP } from '../domain/paging.js';

export interface UserSearchQuery {
  query?: string;
  pageNumber: number;
  pageSize: number;
  sort?: string;
  sortDirection?: 'ASC' | 'DESC';
  roleId?: number;
}

/** API sort keys → columns; anything else sorts by name. */
const SORT_COLUMNS: Record<string, string> = {
  // Case-insensitive, as the users_name_order / users_email_order indexes hold them.
  name: 'lower(u.name)',
  email: 'lower(u.email)',
  schacHomeOrganization: 'u.schac_home_organization',
  schac_home_organization: 'u.schac_home_organization',
  lastActivity: 'u.last_activity',
  last_activity: 'u.last_activity',
  createdAt: 'u.created_at',
  created_at: 'u.created_at',
};

/** `%text%` for LIKE, with the LIKE wildcards in the text taken literally. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function orderBy(query: UserSearchQuery): string {
  const column = SORT_COLUMNS[query.sort ?? 'name'] ?? SORT_COLUMNS.name;
  const direction = query.sortDirection === 'DESC' ? 'DESC' : 'ASC';
  return `${column} ${direction} NULLS ${direction === 'ASC' ? 'FIRST' : 'LAST'}, u.id ${direction}`;
}

export interface UserListRow {
  id: number;
  sub: string;
  name: string | null;
  email: string | null;
  schac_home_organization: string | null;
  super_user: boolean;
  institution_admin: boolean;
  created_at: Date;
  last_activity: Date;
}

/**
 * One page of users matching the text (and holding the role, when given), with the total count capped
 * at COUNT_CAP (see cappedCount).
 * `scopeSql` is an extra condition on `u` (with `$n` placeholders after the given params).
 */
export async function searchUsers(
  q: Queryable,
  query: UserSearchQuery,
  scope: { sql: string; params: unknown[] } | null = null,
): Promise<{ rows: UserListRow[]; total: number }> {
  const params: unknown[] = [];
  const where: string[] = [];
  const text = query.query?.trim();
  if (text) {
    params.push(likePattern(text));
    where.push(`(lower(u.name) LIKE $${params.length} OR lower(u.email) LIKE $${params.length})`);
  }
  if (query.roleId !== undefined) {
    params.push(query.roleId);
    where.push(
      `EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = u.id AND ur.role_id = $${params.length})`,
    );
  }
  if (scope) {
    const offset = params.length;
    where.push(scope.sql.replace(/\$(\d+)/g, (_m, n: string) => `$${Number(n) + offset}`));
    params.push(...scope.params);
  }
  const limit = Math.max(1, Math.trunc(query.pageSize));
  const offset = Math.max(0, Math.trunc(query.pageNumber)) * limit;
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const columns = `u.id, u.sub, u.name, u.email, u.schac_home_organization, u.super_user, u.institution_admin,
            u.created_at, u.last_activity`;
  if (offset + limit <= COUNT_CAP) {
    // Within the cap one scan gives both: the first COUNT_CAP + 1 matches in order (from the order index
    // for a broad search, a trigram or sequential scan for a narrow one), counted, and the page cut out.
    const { rows } = await q.query<UserListRow & { total: number }>(
      // A materialized CTE is read back in the order it was written (no second sort).
      `WITH m AS MATERIALIZED (
         SELECT ${columns} FROM users u ${whereSql} ORDER BY ${orderBy(query)} LIMIT ${COUNT_CAP + 1})
       SELECT m.*, (SELECT count(*) FROM m)::int AS total FROM m LIMIT ${limit} OFFSET ${offset}`,
      params,
    );
    if (rows.length > 0 || offset === 0) {
      const total = Number(rows[0]?.total ?? 0);
      return { rows: rows.map(({ total: _t, ...row }) => row), total };
    }
  }
  const page = await q.query<UserListRow>(
    `SELECT ${columns} FROM users u ${whereSql} ORDER BY ${orderBy(query)} LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  const total = await cappedCount(q, `FROM users u ${whereSql}`, params, {
    rows: page.rows.length,
    size: limit,
    offset,
  });
  return { rows: page.rows, total };
}
