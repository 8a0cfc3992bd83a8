/**
 * The paged query of spec §3 (query, pageNumber, pageSize, sort, sortDirection) as schema and SQL parts.
 * Every value of a page reaches the database as a parameter; the SQL text varies only by what the code
 * holds (the sort column from a fixed map, the direction), so the statements a connection ever sees are
 * bounded by the code, not by input.
 */

import { COUNT_CAP } from 'shared-auth/rules';

export interface PagedQueryString {
  query?: string;
  pageNumber?: number;
  pageSize?: number;
  sort?: string;
  sortDirection?: 'ASC' | 'DESC' | 'asc' | 'desc';
}

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;

/** JSON-schema properties for the paged query string; routes spread it into their querystring schema. */
export const pagedQueryProperties = {
  query: { type: 'string', maxLength: 255, examples: ['wiki'] },
  pageNumber: { type: 'integer', minimum: 0, maximum: 1_000_000, examples: [0] },
  pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, examples: [10] },
  sort: { type: 'string', maxLength: 64, pattern: '^[A-Za-z_.]*$', examples: ['name'] },
  sortDirection: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'], examples: ['ASC'] },
} as const;

export function pageSchema(item: object) {
  return {
    type: 'object',
    required: ['content', 'totalElements'],
    properties: {
      content: { type: 'array', items: item },
      // The example's page holds one item of this many: a page of the size asked for, at most.
      totalElements: { type: 'integer', examples: [1] },
    },
  } as const;
}

/**
 * The capped total of a search as an SQL expression: the number of rows of `fromWhere` (a `FROM … WHERE …`
 * text) up to COUNT_CAP, and COUNT_CAP + 1 for more. It stops reading at the first COUNT_CAP + 1 rows.
 */
export function cappedTotal(fromWhere: string): string {
  return `(SELECT count(*) FROM (SELECT 1 ${fromWhere} LIMIT ${COUNT_CAP + 1}) capped)::int`;
}

/** `%text%` for LIKE, with the LIKE wildcards in the text taken literally. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A page's order: `column direction NULLS FIRST|LAST` (first when ascending), then the id the same way. */
export interface PageSort {
  /** A whitelisted SQL expression, never caller text. */
  column: string;
  direction: 'ASC' | 'DESC';
}

/**
 * A page's order over `key` and `id`: `key direction NULLS FIRST|LAST, id direction` (missing keys first
 * when ascending). Every paged search sorts so, wherever it sorts (the page, a probe's matches).
 */
export function sortOrder({ direction }: PageSort, key: string, id: string): string {
  return `${key} ${direction} NULLS ${direction === 'ASC' ? 'FIRST' : 'LAST'}, ${id} ${direction}`;
}

export interface PageSql {
  /** `ORDER BY …` (a whitelisted column, never caller text). */
  order: string;
  /** The order's sort column and direction (then the id, in the same direction). */
  sort: PageSort;
  size: number;
  offset: number;
  /** The trimmed search text as an ILIKE pattern, or null when there is nothing to search for. */
  like: string | null;
  /** The trimmed search text itself (for a word search), or null when there is nothing to search for. */
  text: string | null;
}

/**
 * `LIMIT $n OFFSET $m` for the page, its size and offset appended to `params` (so the numbers fit the
 * statement's other parameters).
 */
export function limitOffset(page: { size: number; offset: number }, params: unknown[]): string {
  params.push(page.size, page.offset);
  return `LIMIT $${params.length - 1} OFFSET $${params.length}`;
}

/**
 * Builds the ORDER BY part and the page's size and offset. The order (column NULLS FIRST, then the first selected column, the id)
 * is the one the `*_order` indexes of migration 003 hold, so the default page is read from an index. `sortable` maps the caller's sort keys to SQL expressions; unknown
 * keys fall back to the first entry (spec §9: default sort by name ascending).
 */
export function pageSql(
  q: PagedQueryString,
  sortable: Record<string, string>,
  defaultPageSize = DEFAULT_PAGE_SIZE,
): PageSql {
  const keys = Object.keys(sortable);
  const column = (q.sort && sortable[q.sort]) || sortable[keys[0]];
  const direction = q.sortDirection?.toUpperCase() === 'DESC' ? 'DESC' : 'ASC';
  const size = q.pageSize ?? defaultPageSize;
  const offset = (q.pageNumber ?? 0) * size;
  const text = q.query?.trim() ?? '';
  const order = `ORDER BY ${sortOrder({ column, direction }, column, '1')}`;
  return {
    order,
    sort: { column, direction },
    size,
    offset,
    like: text === '' ? null : likePattern(text),
    text: text === '' ? null : text,
  };
}
