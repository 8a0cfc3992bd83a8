/**
 * A page's rows as one JSON value. node-postgres reads a result field by field: each field's text decoded
 * and handed to its type's parser, each row built as an object of the statement's columns. For a page of ten
 * invitations (19 columns, their role links as JSON) that cost the server's thread a third more than the
 * same rows aggregated into one json value by the database (one string, one JSON.parse), on PGlite and on
 * PostgreSQL alike, and the statement took no longer.
 *
 * What JSON changes in a row: a timestamptz comes as its ISO text ('2026-11-25T00:49:29.123+00:00', read by
 * toEpochSeconds), bigint ids and counts as numbers (as pool-db.ts parses them), arrays and json columns as
 * themselves. The rows keep the order `select` gives them: the aggregate reads its subquery's rows as they
 * come, in the subquery's ORDER BY (neither engine runs json_agg in parallel).
 */
import type { Queryable, QueryOptions } from './types.js';

/** An SQL expression: the rows of `select` as a JSON array ('[]' for none). */
export function jsonRows(select: string): string {
  return `(SELECT COALESCE(json_agg(rows_of), '[]'::json) FROM (${select}) rows_of)`;
}

/** The rows of `select`, read as one JSON value (jsonRows). */
export async function queryJsonRows<T>(
  q: Queryable,
  select: string,
  params: readonly unknown[],
  options?: QueryOptions,
): Promise<T[]> {
  const { rows } = await q.query<{ rows: T[] }>(`SELECT ${jsonRows(select)} AS rows`, params, options);
  return rows[0].rows;
}
