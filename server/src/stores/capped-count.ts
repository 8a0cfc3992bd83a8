/** The count every paged search of the stores answers as totalElements. */
import { jsonRows } from '../db/json-rows.js';
import type { Queryable } from '../db/types.js';
import { COUNT_CAP, type PageSort } from '../domain/paging.js';

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
 * The probe of a text search: up to COUNT_CAP + 1 of the ids `idsFromWhere` selects (a `SELECT x.id FROM …
 * WHERE …` text), in no order, by the cheapest scan the planner finds for this text (the word index for a
 * narrow one, the table's first rows for a broad one). `n` is the capped total; `ids` are all the matches
 * when there are at most COUNT_CAP of them (a page is then sorted among them), null when there are more.
 */
export async function probeMatches(
  q: Queryable,
  idsFromWhere: string,
  params: readonly unknown[],
): Promise<{ n: number; ids: number[] | null }> {
  const { rows } = await q.query<{ n: number; ids: number[] | null }>(
    `SELECT count(*)::int AS n, CASE WHEN count(*) <= ${COUNT_CAP} THEN array_agg(id) END AS ids
       FROM (${idsFromWhere} LIMIT ${COUNT_CAP + 1}) p`,
    params,
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
  probe: { fromWhere: string; id: string; sort: PageSort },
  params: readonly unknown[],
  page: { select: (condition: string) => string; limit: number; offset: number },
): Promise<{ n: number; rows: T[] }> {
  const limit = params.length + 1;
  const { column, direction } = probe.sort;
  const nulls = direction === 'ASC' ? 'FIRST' : 'LAST';
  const { rows } = await q.query<{ n: number; rows: T[] }>(
    `WITH p AS MATERIALIZED (SELECT ${probe.id} AS id, ${column} AS k ${probe.fromWhere} LIMIT ${COUNT_CAP + 1}),
          c AS (SELECT count(*)::int AS n FROM p),
          s AS (SELECT p.id FROM p WHERE (SELECT n FROM c) <= ${COUNT_CAP}
                 ORDER BY p.k ${direction} NULLS ${nulls}, p.id ${direction} LIMIT $${limit} OFFSET $${limit + 1})
     SELECT c.n, ${jsonRows(page.select(`${probe.id} = ANY(ARRAY(SELECT id FROM s))`))} AS rows FROM c`,
    [...params, page.limit, page.offset],
    { prepare: true },
  );
  return rows[0];
}
