/**
 * The one statement of a paged search (users, invitations): its page and its total, capped at COUNT_CAP.
 *
 * A page sorted by a column and limited to ten rows invites the planner to walk that column's order index
 * and test each row until ten match. For a broad search that is the fastest way; for a narrow one whose
 * words every row holds in part (the performance seed's "perf user 4711": 111 matches among 750,000 users,
 * each holding "perf" and "user"), the planner cannot tell how few rows will match, walks the order index
 * and reads most of the table, where the word index answers at once. So the statement
 * first takes the ids of up to COUNT_CAP + 1 matches in whatever order is cheapest (the word index for a
 * narrow text, the table's first rows for a broad one), and then:
 * - when they are all the matches, sorts those by the page's key and takes the page's ids;
 * - when there are more, takes the page's ids from the order index, which a broad search lets stop after a
 *   page;
 * and reads the page's rows by those ids.
 * PostgreSQL runs only the branch the CASE reaches (each is a subplan run on demand).
 *
 * The matches hold ids only: the sort key is computed for the matches only when they are all (the first
 * branch). Computing `lower(email)` for the 1,001 rows of a broad search that the second branch never
 * sorts was a large part of the statement's time, and leaving it out costs a narrow search nothing.
 * The matches are counted once (`counted`), and both the branch and the total read that count: probing
 * past the cap (`OFFSET COUNT_CAP`) and then counting read the 1,001 matches of a broad search twice.
 */
import { jsonRows, queryJsonRows } from '../db/json-rows.js';
import type { Queryable } from '../db/types.js';
import { COUNT_CAP } from 'shared-auth/rules';
import { limitOffset, sortOrder, type PageSort } from '../domain/paging.js';

export interface PagedSearch {
  /** `FROM` part: the searched table with its alias, e.g. `users u`. */
  from: string;
  /** The search's condition over that alias (SQL with `$n` placeholders into the caller's params). */
  where: string;
  /** The row's id over that alias, e.g. `u.id`. */
  id: string;
  /** The page's sort column (a whitelisted SQL expression over the alias) and direction. */
  sort: PageSort;
  /** The page's rows: a `SELECT … FROM … WHERE <condition>` of the caller's row shape. */
  select: (condition: string) => string;
  /** The page's `ORDER BY …` over the rows `select` reads (the sort, then the id). */
  order: string;
  size: number;
  offset: number;
}

/** The matches, their capped count and the page's ids, as the `WITH` of a search's statement. */
function pageIds(search: PagedSearch, params: unknown[]): string {
  const limit = limitOffset(search, params);
  const order = sortOrder(search.sort, search.sort.column, search.id);
  // The ids as arrays, so that the matches and the page are read by their primary key whatever the planner
  // guesses of them: as `IN (SELECT …)` PGlite's planner joined them to a scan of the whole table (a
  // narrow search many times slower).
  return `WITH matches AS MATERIALIZED (
      SELECT ${search.id} AS id FROM ${search.from} WHERE ${search.where} LIMIT ${COUNT_CAP + 1}),
    counted AS MATERIALIZED (SELECT count(*)::int AS n FROM matches),
    page AS MATERIALIZED (
      SELECT CASE WHEN (SELECT c.n FROM counted c) <= ${COUNT_CAP}
        THEN ARRAY(SELECT ${search.id} FROM ${search.from}
                    WHERE ${search.id} = ANY(ARRAY(SELECT m.id FROM matches m)) ORDER BY ${order} ${limit})
        ELSE ARRAY(SELECT ${search.id} FROM ${search.from} WHERE ${search.where} ORDER BY ${order} ${limit})
      END AS ids)`;
}

/**
 * The statement answering one row `{ total, rows }` (rows as JSON, db/json-rows.ts); the page's size and
 * offset are appended to `params`.
 *
 * Both branches answer the page's ids only, and the page's rows are read once, by those ids: a search is
 * planned for its text on every call, and the row's select (its joins and subqueries) planned once instead
 * of in each branch cut the planning of every search.
 */
export function pagedSearchStatement(search: PagedSearch, params: unknown[]): string {
  return `${pageIds(search, params)}
    SELECT (SELECT c.n FROM counted c) AS total,
           ${jsonRows(`${search.select(`${search.id} = ANY((SELECT p.ids FROM page p)::bigint[])`)} ${search.order}`)} AS rows`;
}

/**
 * A search's page in two statements: the first, planned for the search's values, answers `{ total, ids }`;
 * the second, prepared (planned once, whatever the text), the page's rows by those ids. For a search whose
 * rows are costly to plan (an invitation's inviter and links), planning them with every text cost more
 * than the second round trip.
 */
export async function pagedSearchApart<Row>(
  q: Queryable,
  search: PagedSearch,
  params: unknown[],
): Promise<{ rows: Row[]; total: number }> {
  const { rows } = await q.query<{ total: number; ids: (number | string)[] }>(
    `${pageIds(search, params)}
    SELECT (SELECT c.n FROM counted c) AS total, (SELECT p.ids FROM page p) AS ids`,
    params,
  );
  const { total, ids } = rows[0];
  const page = ids.length
    ? await queryJsonRows<Row>(
        q,
        `${search.select(`${search.id} = ANY($1::bigint[])`)} ${search.order}`,
        [ids],
        { prepare: true },
      )
    : [];
  return { rows: page, total: Number(total) };
}
