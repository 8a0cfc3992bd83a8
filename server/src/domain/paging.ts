/**
 * The paged query of spec §3 (query, pageNumber, pageSize, sort, sortDirection) as schema and SQL parts
 * (the capped count of a search is stores/capped-count.ts).
 */

export interface PagedQueryString {
  query?: string;
  pageNumber?: number;
  pageSize?: number;
  sort?: string;
  sortDirection?: 'ASC' | 'DESC' | 'asc' | 'desc';
}

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;
/**
 * The searches count at most this many matching rows (and answer COUNT_CAP + 1 when there are more):
 * counting all 75,000 matches of a broad query costs far more than the page itself.
 */
export const COUNT_CAP = 1000;

/** JSON-schema properties for the paged query string; routes spread it into their querystring schema. */
export const pagedQueryProperties = {
  query: { type: 'string', maxLength: 255 },
  pageNumber: { type: 'integer', minimum: 0, maximum: 1_000_000 },
  pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
  sort: { type: 'string', maxLength: 64, pattern: '^[A-Za-z_.]*$' },
  sortDirection: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'] },
} as const;

export function pageSchema(item: object) {
  return {
    type: 'object',
    required: ['content', 'totalElements'],
    properties: { content: { type: 'array', items: item }, totalElements: { type: 'integer' } },
  } as const;
}

/** The content type Fastify gives what it writes as JSON, for a route that sends JSON text of its own. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A page (pageSchema) as JSON text, from its items' JSON texts (each written with the schema's item, as
 * the stores' memos keep them: text-memo.ts) and its total.
 */
export function pageText(items: readonly string[], total: number): string {
  return `{"content":[${items.join(',')}],"totalElements":${total}}`;
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
  /** `ORDER BY … LIMIT … OFFSET …` (a whitelisted column, never caller text). */
  tail: string;
  /** The `ORDER BY …` part of the tail alone. */
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
 * Builds the ORDER BY / LIMIT part. The order (column NULLS FIRST, then the first selected column, the id)
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
    tail: `${order} LIMIT ${size} OFFSET ${offset}`,
    order,
    sort: { column, direction },
    size,
    offset,
    like: text === '' ? null : likePattern(text),
    text: text === '' ? null : text,
  };
}
