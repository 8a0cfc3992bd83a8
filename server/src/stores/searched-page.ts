/**
 * The statement of a paged search (users, invitations): its page and its total, capped at COUNT_CAP, in one
 * prepared statement. Without a text pagedSearchStatement; with one pagedTextSearch (below), whose matches
 * are found inside it by a statement planned for the text.
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
import { jsonRows } from '../db/json-rows.js';
import type { Db, Queryable } from '../db/types.js';
import { COUNT_CAP } from 'shared-auth/rules';
import { limitOffset, sortOrder, type PageSort } from '../domain/paging.js';
import { withValuesWritten } from './search-query.js';

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
  /**
   * Further columns of the page's statement (pagedSearchStatement, textPageStatement; over an empty page when
   * it lies past the matches): SQL expressions, each named (`… AS x`), over
   * the page's ids (`(SELECT p.ids FROM page p)`, a bigint array).
   */
  alongside?: string;
  /**
   * The number of rows `where` holds, when it is kept (an SQL expression read at once, e.g. the sum of
   * migration 043's rows for a list of every invitation): whether there are more than COUNT_CAP is asked
   * of it instead of reading COUNT_CAP + 1 ids. Without a text only.
   */
  count?: string;
}

/** The search's further columns (PagedSearch `alongside`), after the rows' column. */
const alongside = (search: PagedSearch) => (search.alongside ? `,\n      ${search.alongside}` : '');

/** The matches, their capped count and the page's ids, as the `WITH` of a search's statement. */
function pageIds(search: PagedSearch, params: unknown[]): string {
  const limit = limitOffset(search, params);
  const order = sortOrder(search.sort, search.sort.column, search.id);
  // The ids as arrays, so that the matches and the page are read by their primary key whatever the planner
  // guesses of them: as `IN (SELECT …)` PGlite's planner joined them to a scan of the whole table (a
  // narrow search many times slower).
  // The matches as one array, counted by its length: a materialized CTE of them wrote 1,001 rows of a broad
  // search into a tuple store and counted them from it again. Whether there are more than COUNT_CAP is asked
  // first (a row COUNT_CAP rows down: the same read, without building the array), and the array is built only
  // when they are all: for a list past the cap, the common case of a long list, the array was never read.
  const past =
    search.count === undefined
      ? `EXISTS (SELECT ${search.id} FROM ${search.from} WHERE ${search.where} OFFSET ${COUNT_CAP})`
      : `(${search.count}) > ${COUNT_CAP}`;
  return `WITH past AS MATERIALIZED (
      SELECT ${past} AS cap),
    matches AS MATERIALIZED (
      SELECT CASE WHEN NOT (SELECT p.cap FROM past p)
        THEN ARRAY(SELECT ${search.id} FROM ${search.from} WHERE ${search.where} LIMIT ${COUNT_CAP + 1}) END AS ids),
    counted AS MATERIALIZED (
      SELECT CASE WHEN (SELECT p.cap FROM past p) THEN ${COUNT_CAP + 1} ELSE cardinality(m.ids) END AS n FROM matches m),
    page AS MATERIALIZED (
      SELECT CASE WHEN (SELECT c.n FROM counted c) <= ${COUNT_CAP}
        THEN ARRAY(SELECT ${search.id} FROM ${search.from}
                    WHERE ${search.id} = ANY((SELECT m.ids FROM matches m)::bigint[]) ORDER BY ${order} ${limit})
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
           ${jsonRows(`${search.select(`${search.id} = ANY((SELECT p.ids FROM page p)::bigint[])`)} ${search.order}`)} AS rows${alongside(search)}`;
}

/** Rows of the order index a page past the cap reads at most, per row of the page and the pages before it. */
const WALK_PER_ROW = 100;
/** …and at least. */
const WALK_LEAST = 1_000;
/**
 * The walk is taken only when the first 1/PROBE_PART of its rows hold a match. A text that fills a page
 * within the walk matches about one row in WALK_PER_ROW or more, so its first fifth of the walk is expected to
 * hold a few matches (two or more for a first page): when it holds none, the walk would most likely fill no page
 * either, and the page is read from all the matches without it (a narrow text past the cap: the word
 * index's matches lie elsewhere in the order). Either way the page is the same; a broad text's probe stops
 * at its first match.
 */
const PROBE_PART = 5;

/**
 * A text's matches: the ids of up to COUNT_CAP + 1 of them, in whatever order is cheapest (the word index for
 * a narrow text, the table's first rows for a broad one). Planned for its text on every call (pagedTextSearch).
 */
function matchesStatement(search: PagedSearch): string {
  return `SELECT ARRAY(SELECT ${search.id} FROM ${search.from} WHERE ${search.where} LIMIT ${COUNT_CAP + 1}) AS ids`;
}

/**
 * The matches as a statement of their own: their capped count (`total`), and their ids (`ids`) when they
 * are all (COUNT_CAP or fewer; null past the cap, where the page is read without them). `OFFSET 0` keeps
 * the matches' subquery from being pulled up into the two expressions that read it.
 */
function countedMatchesStatement(search: PagedSearch): string {
  return `SELECT cardinality(m.ids) AS total, CASE WHEN cardinality(m.ids) <= ${COUNT_CAP} THEN m.ids END AS ids
      FROM (${matchesStatement(search)} OFFSET 0) m`;
}

/**
 * A text search's page, its capped total and its rows in one prepared statement, its plan the same whatever
 * the text (the search's word query is a parameter, search-query.ts). `matches` is a statement of one row:
 * the matches' capped count `n` (COUNT_CAP + 1 past the cap, the total), and their ids `ids` when they are
 * all.
 *
 * When they are all the matches (COUNT_CAP or fewer), the page is sorted from them, each read by its key.
 *
 * Past the cap the page's ids are read from the order index, testing each row until the page is full: a
 * broad text stops after a page. But a text may match a few thousand rows that lie together far into the
 * order (the performance seed's "perf.user4711" at a hundred times the volume: 1,111 addresses after those of
 * perf.user1… to perf.user4710…, 40 % into the e-mail order), and an unbounded walk reads everything before
 * them. So the walk reads at most WALK_PER_ROW rows of the index for each row up to the page's end: a page
 * found there is the page (the matches come in the page's order). The walk keeps the index's order: its
 * filter reads the bounded walk's rows as they come, and no outer ORDER BY re-sorts them (a sort would read
 * all of them before the first).
 *
 * A text that fills no page within the walk matches at most about one row in WALK_PER_ROW (or the page is
 * the last of the matches, partly filled): its page is read from all the matches, each read once with its
 * sort key in a subquery kept apart by `OFFSET 0` (so that the planner cannot walk the order index for it),
 * and sorted as they come. The word index is the read for it whatever the text: the generic plan takes it (a
 * text's matches are estimated at a fraction of a per cent of the rows).
 *
 * PostgreSQL runs only the branch the CASE reaches (each is a subplan run on demand): a statement planned
 * for the text would plan every branch, and the rows' select (their joins and subqueries) with them, on
 * every call; prepared, only the matches are planned for the text, inside search_matches.
 */
function textPageStatement(
  search: PagedSearch,
  params: unknown[],
  matches: string,
  reads: 'either' | 'among' | 'past',
): string {
  const limit = limitOffset(search, params);
  const order = sortOrder(search.sort, search.sort.column, search.id);
  const among = `ARRAY(SELECT ${search.id} FROM ${search.from} WHERE ${search.id} = ANY(m.ids) ORDER BY ${order} ${limit})`;
  if (reads === 'among') return textPage(search, matches, among);
  const size = `$${params.length - 1}`;
  const sortedOrder = sortOrder(search.sort, 'k.key', 'k.id');
  const [table, alias] = search.from.split(' ');
  const walkRows = Math.max(WALK_LEAST, WALK_PER_ROW * (search.offset + search.size));
  const walk = `$${params.push(walkRows)}`;
  const probe = `$${params.push(Math.ceil(walkRows / PROBE_PART))}`;
  const past = `(SELECT CASE WHEN cardinality(w.ids) >= ${size} THEN w.ids
                       ELSE ARRAY(SELECT k.id
                              FROM (SELECT ${search.id} AS id, ${search.sort.column} AS key FROM ${search.from}
                                     WHERE ${search.where} OFFSET 0) k
                             ORDER BY ${sortedOrder} ${limit})
                     END
                FROM (SELECT CASE WHEN EXISTS (
                               SELECT FROM (SELECT ${alias}.* FROM ${table} ${alias} ORDER BY ${order} LIMIT ${probe}) ${alias}
                                WHERE ${search.where})
                             THEN ARRAY(SELECT ${search.id}
                                     FROM (SELECT ${alias}.* FROM ${table} ${alias} ORDER BY ${order} LIMIT ${walk}) ${alias}
                                    WHERE ${search.where} ${limit})
                             ELSE '{}'
                           END AS ids
                       OFFSET 0) w)`;
  if (reads === 'past') return textPage(search, matches, past);
  return textPage(search, matches, `CASE WHEN m.n <= ${COUNT_CAP} THEN ${among} ELSE ${past} END`);
}

/** The statement of a text search's page whose ids `page` makes from the matches `m` (textPageStatement). */
function textPage(search: PagedSearch, matches: string, page: string): string {
  return `WITH matches AS MATERIALIZED (${matches}),
    page AS MATERIALIZED (SELECT ${page} AS ids FROM matches m)
    SELECT (SELECT m.n FROM matches m) AS total,
           ${jsonRows(`${search.select(`${search.id} = ANY((SELECT p.ids FROM page p)::bigint[])`)} ${search.order}`)} AS rows${alongside(search)}`;
}

/**
 * A text search's page in one prepared statement (textPageStatement), with its matches found by a statement
 * planned for the text (matchesStatement): same answers as pagedSearchStatement. Only the matches are
 * planned on every call; the page's statement keeps its generic plan.
 *
 * On PostgreSQL the matches are found inside the page's statement, by search_matches (migration 042), their
 * values written in as literals (search-query.ts withValuesWritten): one round trip a search. Against two
 * (the matches, then the page), at 32 callers on the performance seed, a users search cost the server 223 µs
 * of CPU instead of 285 and the database 380-390 instead of 468 ("user"); an invitation search 285 + 453-468
 * instead of 330 + 485. On PGlite the two statements are cheaper: a statement there is a hop to the
 * database's thread, and PL/pgSQL's EXECUTE in WebAssembly cost more than one (the same searches 40-110 µs
 * dearer in one statement). So on PGlite, inside a transaction, or with a value that cannot be written as a
 * literal (none the routes send: a NUL is refused before, numbers are whole), the matches are a statement
 * of their own, sent first, and the page's statement takes their count and ids as parameters, with only the
 * branch their count chose (among the ids, or past the cap): a statement's every subplan is set up on each
 * run, run or not, and with both the same searches cost PGlite's thread 70-110 µs more.
 *
 * The search's `where` holds its word query as a tsquery parameter (search-query.ts searchQuerySql): in a
 * prepared statement a function of a parameter would be called for every row it filters.
 */
export async function pagedTextSearch<Row, Alongside extends object = object>(
  q: Queryable | Db,
  search: PagedSearch,
  params: unknown[],
): Promise<{ rows: Row[]; total: number } & Partial<Alongside>> {
  // With parameters of its own: the search's (none when the page is read among the matches' ids, which the
  // statement's other parts do not read), the matches', then the page's and the walk's.
  let page = [...params];
  let matches: string;
  let reads: 'either' | 'among' | 'past' = 'either';
  // Written in only where they are found inside the page's statement (PostgreSQL, outside a transaction).
  const written =
    'kind' in q && q.kind === 'postgres' ? withValuesWritten(matchesStatement(search), params) : null;
  if (written !== null) {
    matches = `SELECT m.ids, cardinality(m.ids) AS n FROM (SELECT search_matches($${page.push(written)}::text) AS ids OFFSET 0) m`;
  } else {
    const counted = countedMatchesStatement(search);
    // Written in when they can be (planned for them all the same), sent without parameters: on PGlite it goes
    // without the plan setting the thread makes before an unnamed statement with parameters and again
    // before the next prepared one (pglite-thread.worker.js PLAN_MODES).
    const countedWritten = withValuesWritten(counted, params);
    const found = await q.query<{ total: number; ids: (number | string)[] | null }>(
      countedWritten ?? counted,
      countedWritten === null ? params : [],
    );
    const { total, ids } = found.rows[0];
    // No page: no statement, and no further columns (`alongside`) either.
    if (ids !== null && ids.length <= search.offset) {
      const none: Partial<Alongside> = {};
      return { ...none, rows: [], total: Number(total) };
    }
    // Only the branch the count chose: a statement's every subplan is set up on each run, run or not.
    reads = ids === null ? 'past' : 'among';
    if (reads === 'among') page = [];
    matches = `SELECT $${page.push(ids)}::bigint[] AS ids, $${page.push(Number(total))}::int AS n`;
  }
  const { rows } = await q.query<{ total: number; rows: Row[] } & Partial<Alongside>>(
    textPageStatement(search, page, matches, reads),
    page,
    { prepare: true },
  );
  return { ...rows[0], total: Number(rows[0].total) };
}
