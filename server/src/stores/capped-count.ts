/** The count every paged search of the stores answers as totalElements. */
import type { Queryable } from '../db/types.js';
import { COUNT_CAP } from '../domain/paging.js';

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
  // which spares a narrow search its second (trigram) scan.
  if (page && page.rows < page.size && (page.rows > 0 || page.offset === 0)) return page.offset + page.rows;
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 ${fromWhere} LIMIT ${COUNT_CAP + 1}) capped`,
    params,
  );
  return Number(rows[0]?.n ?? 0);
}
