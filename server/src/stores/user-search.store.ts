/**
 * The paged user searches of the users aggregate, with the capped total every search answers (see
 * COUNT_CAP). A text finds users by the words of their name, e-mail address and home organisation: each
 * word of the text a whole word, the last one the beginning of one (migration 008, its word index).
 */
import type { Queryable } from '../db/types.js';
import { sortOrder, type PageSort } from '../domain/paging.js';
import { pagedTextSearch, pagedSearchStatement, type PagedSearch } from './searched-page.js';
import { searchQuerySql } from './search-query.js';
import { isValidAuthority, strongerAuthority, type Authority } from 'shared-auth/rules';
import { listItem, type UserListRow } from './user.rows.js';

export interface UserSearchQuery {
  query?: string;
  pageNumber: number;
  pageSize: number;
  sort?: string;
  sortDirection?: 'ASC' | 'DESC';
  roleId?: number;
}

/**
 * The users whose words match the search text: each word of the text a whole word, the last the beginning
 * of one (migration 008), as a word query (search-query.ts). The statement is planned for its text
 * (unnamed, its parameters known), so the query is a constant and the planner weighs how common its
 * words are: a narrow text reads the words' index, a broad one the order index until a page is full.
 */
const textMatch = async (q: Queryable, text: string, params: unknown[]) =>
  `u.search_words @@ ${await searchQuerySql(q, text, params)}`;

/** A user of a search page, with the authorities the user holds (one for each role held, in no order). */
export type UserSearchRow = UserListRow & { authorities: string[] };

/** A user of a search page as the API lists it, with the highest authority held (spec §4). */
export function searchedUser(row: UserSearchRow) {
  const authority = row.authorities
    .filter(isValidAuthority)
    .reduce<Authority | null>((held, a) => (held ? strongerAuthority(held, a) : a), null);
  return authority ? { ...listItem(row), authority } : listItem(row);
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

function sortOf(query: UserSearchQuery): PageSort {
  const column = SORT_COLUMNS[query.sort ?? 'name'] ?? SORT_COLUMNS.name;
  return { column, direction: query.sortDirection === 'DESC' ? 'DESC' : 'ASC' };
}

function orderBy(query: UserSearchQuery): string {
  const sort = sortOf(query);
  return sortOrder(sort, sort.column, 'u.id');
}

/** The page's users with the authorities each holds (not made distinct: sorting each user's few was a third
 * of a broad search's statement). */
export const USER_SEARCH_SELECT = `SELECT u.id, u.sub, u.name, u.email, u.schac_home_organization, u.super_user,
            u.institution_admin, u.created_at, u.last_activity,
            ARRAY(SELECT ur.authority FROM user_roles ur WHERE ur.user_id = u.id) AS authorities
       FROM users u`;

/**
 * One page of users matching the text (and holding the role, when given), with the total count capped
 * at COUNT_CAP (answered as COUNT_CAP + 1 for more), in one statement (searched-page.ts).
 * `scope` is an extra condition on `u` (with `$n` placeholders numbered from 1 among its own params).
 */
export async function searchUsers(
  q: Queryable,
  query: UserSearchQuery,
  scope: { sql: string; params: unknown[] } | null = null,
): Promise<{ rows: UserSearchRow[]; total: number }> {
  const params: unknown[] = [];
  const where: string[] = [];
  const text = query.query?.trim();
  if (text) where.push(await textMatch(q, text, params));
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
  const size = Math.max(1, Math.trunc(query.pageSize));
  const search: PagedSearch = {
    from: 'users u',
    where: where.length ? where.join(' AND ') : 'TRUE',
    id: 'u.id',
    sort: sortOf(query),
    select: (condition) => `${USER_SEARCH_SELECT} WHERE ${condition}`,
    order: `ORDER BY ${orderBy(query)}`,
    size,
    offset: Math.max(0, Math.trunc(query.pageNumber)) * size,
  };
  // A text's matches are planned for its words each time, inside the page's prepared statement (searched-page.ts).
  if (text) return pagedTextSearch<UserSearchRow>(q, search, params);
  const { rows } = await q.query<{ total: number; rows: UserSearchRow[] }>(
    pagedSearchStatement(search, params),
    params,
    // Without a text the plan does not hang on the values: planned once per connection (its text is one
    // of the few the sort keys and directions make).
    { prepare: true },
  );
  return { rows: rows[0].rows, total: Number(rows[0].total) };
}

/**
 * The users holding a role on one of these applications (the institution admin's application users):
 * a scope for searchUsers.
 */
export function onApplications(manageIds: readonly string[]): { sql: string; params: unknown[] } {
  return {
    sql: `EXISTS (SELECT 1 FROM user_roles ur JOIN application_usages au ON au.role_id = ur.role_id
                   WHERE ur.user_id = u.id AND au.manage_id = ANY($1::text[]))`,
    params: [manageIds],
  };
}
