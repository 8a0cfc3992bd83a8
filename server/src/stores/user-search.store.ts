/**
 * The paged user searches of the users aggregate, with the capped total every search answers (see
 * COUNT_CAP). A text finds users by the words of their name, e-mail address and home organisation: each
 * word of the text a whole word, the last one the beginning of one (migration 008, its word index).
 */
import { queryJsonRows } from '../db/json-rows.js';
import type { Queryable } from '../db/types.js';
import { COUNT_CAP, sortOrder, type PageSort } from '../domain/paging.js';
import { broadUserSearches } from './broad-memo.js';
import { probedPage, probedPageIds, probeMatches } from './capped-count.js';
import { userWords } from './word-statistics.js';
import type { UserListRow } from './user.rows.js';

export interface UserSearchQuery {
  query?: string;
  pageNumber: number;
  pageSize: number;
  sort?: string;
  sortDirection?: 'ASC' | 'DESC';
  roleId?: number;
}

/**
 * The search text ($1) as a word query, folded into a constant when the statement is planned: the planner
 * weighs how common its words are.
 */
const TEXT_QUERY = 'user_search_query($1)';
/** The same, computed once when the statement runs: a plan for any text (word-statistics.ts). */
const PLANNED_TEXT_QUERY = `(SELECT ${TEXT_QUERY})`;

/** The users whose words match the text. */
const TEXT_MATCH = `u.search_words @@ ${TEXT_QUERY}`;
/** The users whose words match a word query, by a function the words' index does not serve. */
const WORDS_MATCH = (wordQuery: string) => `ts_match_vq(u.search_words, ${wordQuery})`;
/** The text's match, planned for any text and never through the words' index (only for a broad text). */
const PLANNED_TEXT_MATCH = WORDS_MATCH(PLANNED_TEXT_QUERY);

/** A user of a search page, with the authorities the user holds (one for each role held, in no order). */
export type UserSearchRow = UserListRow & { authorities: string[] };

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
 * at COUNT_CAP (answered as COUNT_CAP + 1 for more).
 * `scopeSql` is an extra condition on `u` (with `$n` placeholders after the given params).
 */
export async function searchUsers(
  q: Queryable,
  query: UserSearchQuery,
  scope: { sql: string; params: unknown[] } | null = null,
): Promise<{ rows: UserSearchRow[]; total: number }> {
  const { rows = [], total } = await searchPage(q, query, scope, 'rows');
  return { rows, total };
}

/**
 * searchUsers answering the page's ids in its order instead of its rows, for a caller that has the rows
 * already or reads those it lacks itself (user-memo.ts): its statements read ids and sort keys only.
 */
export async function searchUserIds(
  q: Queryable,
  query: UserSearchQuery,
  scope: { sql: string; params: unknown[] } | null = null,
): Promise<{ ids: number[]; total: number }> {
  const { ids = [], total } = await searchPage(q, query, scope, 'ids');
  return { ids, total };
}

type SearchedPage = { rows?: UserSearchRow[]; ids?: number[]; total: number };

async function searchPage(
  q: Queryable,
  query: UserSearchQuery,
  scope: { sql: string; params: unknown[] } | null,
  answer: 'rows' | 'ids',
): Promise<SearchedPage> {
  const params: unknown[] = [];
  const where: string[] = [];
  const text = query.query?.trim();
  if (text) {
    params.push(text);
    where.push(TEXT_MATCH);
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
  if (!broadUserSearches.isBroad(whereSql, params)) {
    // Alone: the text is the search's only condition (no role, no scope).
    const narrow = text ? await userWords.narrowQuery(q, text, where.length === 1) : null;
    if (narrow) {
      // A text the statistics call narrow: the probe and the page in one statement planned once, its word
      // query built here (word-statistics.ts): the index is asked for its rarer words ($1), the rows found
      // are tested for all of them (the last parameter), by a function the index does not serve. Each
      // query a subquery: bare parameters had PostgreSQL plan each run again for its words (custom plans,
      // 0.13 ms a search at ten times the volume); hidden, the one generic plan serves them all.
      const narrowParams = [narrow.indexed, ...params.slice(1), narrow.words];
      const match = `u.search_words @@ (SELECT $1::tsquery) AND ${WORDS_MATCH(`(SELECT $${narrowParams.length}::tsquery)`)}`;
      const probe = {
        fromWhere: `FROM users u ${whereSql.replace(TEXT_MATCH, () => match)}`,
        id: 'u.id',
        sort: sortOf(query),
      };
      const found =
        answer === 'ids'
          ? await probedPageIds(q, probe, narrowParams, { limit, offset })
          : await probedPage<UserSearchRow>(q, probe, narrowParams, {
              select: (ids) => `${USER_SEARCH_SELECT} WHERE ${ids} ORDER BY ${orderBy(query)}`,
              limit,
              offset,
            });
      if (found.n <= COUNT_CAP) return { ...found, total: found.n };
    } else {
      // The probe (planned for this text): the capped total and, when that is all of them, the page's ids.
      const { n, ids } = await probeMatches(
        q,
        { fromWhere: `FROM users u ${whereSql}`, id: 'u.id', sort: sortOf(query) },
        params,
        { limit, offset },
      );
      if (ids || n === 0) {
        if (answer === 'ids') return { ids: (ids ?? []).map(Number), total: n };
        if (!ids?.length) return { rows: [], total: n };
        // The page's users: planned once, whatever the text found.
        const rows = await queryJsonRows<UserSearchRow>(
          q,
          `${USER_SEARCH_SELECT} WHERE u.id = ANY($1::bigint[]) ORDER BY ${orderBy(query)}`,
          [ids],
          { prepare: true },
        );
        return { rows, total: n };
      }
    }
    broadUserSearches.remember(whereSql, params);
  }
  // More than COUNT_CAP matches: the page from the order index (users_*_order), which a broad match lets
  // stop after a page. The first page is planned once: the text computed when it runs, and matched by a
  // function the words' index cannot serve, so that the order index is the plan whatever the planner
  // guesses of the text (as an operator, a generic plan reads every match through the words' index and
  // sorts them: 490 ms at 750,000 users).
  const pageOf = (select: string) =>
    `${select} ${offset === 0 ? whereSql.replace(TEXT_MATCH, PLANNED_TEXT_MATCH) : whereSql}
      ORDER BY ${orderBy(query)} LIMIT ${limit} OFFSET ${offset}`;
  if (answer === 'ids') {
    const { rows } = await q.query<{ ids: Array<number | string> }>(
      `SELECT ARRAY(${pageOf('SELECT u.id FROM users u')}) AS ids`,
      params,
      { prepare: offset === 0 },
    );
    return { ids: rows[0].ids.map(Number), total: COUNT_CAP + 1 };
  }
  const rows = await queryJsonRows<UserSearchRow>(q, pageOf(USER_SEARCH_SELECT), params, {
    prepare: offset === 0,
  });
  return { rows, total: COUNT_CAP + 1 };
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
