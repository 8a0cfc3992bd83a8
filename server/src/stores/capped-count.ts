/** The count every paged search of the stores answers as totalElements. */
import { jsonRows } from '../db/json-rows.js';
import type { Queryable } from '../db/types.js';
import { COUNT_CAP, sortOrder, type PageSort } from '../domain/paging.js';

/**
 * `totalElements` of a search: the exact number of rows matching `fromWhere` (a `FROM … WHERE …` text)
 * up to COUNT_CAP, and COUNT_CAP + 1 for "more than COUNT_CAP".
 */
export async function cappedCount(
  q: Queryable,
  fromWhere: string,
  params: readonly unknown[],
  page?: { rows: number; size: number; offset: number },
): Promise<number> {
  // A page that is not full (and not past the end) is the last one: its rows give the total for free,
  // which spares a narrow search its second scan.
  if (page && page.rows < page.size && (page.rows > 0 || page.offset === 0)) return page.offset + page.rows;
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 ${fromWhere} LIMIT ${COUNT_CAP + 1}) capped`,
    params,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * What a text search probes: the matches of `fromWhere` (a `FROM … WHERE …` text), each with its `id` and
 * the key of the page's `sort`, both read by the scan that finds it.
 */
export interface MatchProbe {
  fromWhere: string;
  id: string;
  sort: PageSort;
}

/** Up to COUNT_CAP + 1 matches of a probe, as `id` and sort key `k`. */
const probedMatches = ({ fromWhere, id, sort }: MatchProbe) =>
  `SELECT ${id} AS id, ${sort.column} AS k ${fromWhere} LIMIT ${COUNT_CAP + 1}`;

/** The page's order among probed matches (p). */
const keyOrder = (sort: PageSort) => sortOrder(sort, 'p.k', 'p.id');

/**
 * The probe of a text search: up to COUNT_CAP + 1 matches, by the cheapest scan the planner finds for this
 * text (the word index for a narrow one, the table's first rows for a broad one). `n` is the capped total;
 * when that is all of them, `ids` are the page's (`page`), in its order: sorted among the matches' keys,
 * so that only the page's own rows are read again. Null when there are more.
 */
export async function probeMatches(
  q: Queryable,
  probe: MatchProbe,
  params: readonly unknown[],
  page: { limit: number; offset: number },
): Promise<{ n: number; ids: string[] | null }> {
  const offset = params.length + 1;
  const { rows } = await q.query<{ n: number; ids: string[] | null }>(
    `SELECT count(*)::int AS n,
            CASE WHEN count(*) <= ${COUNT_CAP}
              THEN (array_agg(p.id ORDER BY ${keyOrder(probe.sort)}))[$${offset}::int + 1 : $${offset}::int + $${offset + 1}::int] END AS ids
       FROM (${probedMatches(probe)}) p`,
    [...params, page.offset, page.limit],
  );
  return rows[0];
}

/**
 * The probe and its page in one statement, planned once (prepared), for a text the word statistics call
 * narrow (word-statistics.ts): up to COUNT_CAP + 1 of the matches of `probe.fromWhere` (a `FROM … WHERE …`
 * text), their number `n`, and when that is all of them, the page. The probe keeps each match's id and
 * sort key (`probe.id`, `probe.sort`) as the word index's scan reads the row, and the page's ids are sorted
 * among those: only the page's own rows are read again, by `page.select` (a `SELECT … WHERE … ORDER BY …`
 * of the condition given it). Sorting the whole rows of every match read them all a second time, with their
 * joins (an invitation text of 111 matches at ten times the volume: 854 buffers read, 140 now). The limit
 * and offset come after the params. With more than COUNT_CAP matches, `rows` is empty: such a search is
 * broad. The page's rows come as JSON (db/json-rows.ts).
 */
export async function probedPage<T>(
  q: Queryable,
  probe: MatchProbe,
  params: readonly unknown[],
  page: { select: (condition: string) => string; limit: number; offset: number },
): Promise<{ n: number; rows: T[] }> {
  const { rows } = await q.query<{ n: number; rows: T[] }>(
    probedPageStatement(
      probe,
      params.length + 1,
      jsonRows(page.select(`${probe.id} = ANY(ARRAY(SELECT id FROM s))`)),
      'rows',
    ),
    [...params, page.limit, page.offset],
    { prepare: true },
  );
  return rows[0];
}

/**
 * probedPage's probe and page, answering the page's ids in its order instead of its rows: for a caller that
 * has the rows already, or reads those it lacks itself (invitation-memo.ts).
 */
export async function probedPageIds(
  q: Queryable,
  probe: MatchProbe,
  params: readonly unknown[],
  page: { limit: number; offset: number },
): Promise<{ n: number; ids: number[] }> {
  const { rows } = await q.query<{ n: number; ids: Array<number | string> | null }>(
    probedPageStatement(
      probe,
      params.length + 1,
      `(SELECT array_agg(s.id ORDER BY ${sortOrder(probe.sort, 's.k', 's.id')}) FROM s)`,
      'ids',
    ),
    [...params, page.limit, page.offset],
    { prepare: true },
  );
  return { n: rows[0].n, ids: (rows[0].ids ?? []).map(Number) };
}

/**
 * The statement of probedPage and probedPageIds: the probe's matches (p), their capped number (c), the
 * page's among them (s, with their keys), and `page` (an expression over s) beside the number. The limit and
 * the offset are parameters `limit` and `limit + 1`; `page` is answered as `alias`.
 */
function probedPageStatement(probe: MatchProbe, limit: number, page: string, alias: string): string {
  return `WITH p AS MATERIALIZED (${probedMatches(probe)}),
          c AS (SELECT count(*)::int AS n FROM p),
          s AS (SELECT p.id, p.k FROM p WHERE (SELECT n FROM c) <= ${COUNT_CAP}
                 ORDER BY ${keyOrder(probe.sort)} LIMIT $${limit} OFFSET $${limit + 1})
     SELECT c.n, ${page} AS ${alias} FROM c`;
}
