/** Search and sort rules of the entity table (spec §5 Search). */

/** Reads `a.b.c` from an entity; undefined when any step is missing. */
export function valueAt(entity: unknown, path: string): unknown {
  let current: unknown = entity;
  for (const step of path.split('.')) {
    if (current === null || current === undefined || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[step];
  }
  return current;
}

function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim().length === 0;
  if (typeof value === 'number') return Number.isNaN(value);
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Case-insensitive substring match of `query` over the given attributes; an empty query matches all. */
export function matchesSearch(entity: unknown, attributes: string[], query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return attributes.some((attribute) => {
    const value = valueAt(entity, attribute);
    if (isEmptyValue(value)) return false;
    const text = Array.isArray(value) ? value.join(' ') : String(value);
    return text.toLowerCase().includes(needle);
  });
}

/**
 * The value a column sorts on. Keys ending in `_date` stand for dates where empty means "never ends":
 * they sort as the value or Number.MAX_SAFE_INTEGER. Every other empty value is null and sorts lowest.
 */
export function sortValue(key: string, value: unknown): string | number | boolean | null {
  if (key.endsWith('_date')) {
    return isEmptyValue(value) ? Number.MAX_SAFE_INTEGER : (value as number);
  }
  if (isEmptyValue(value)) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value).toLowerCase();
}

/** Ascending comparison with empty (null) lowest. */
export function compareSortValues(
  a: string | number | boolean | null,
  b: string | number | boolean | null,
): number {
  if (a === null && b === null) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

/** A sorted copy; `read` gives the raw value of the sort key for an entity. */
export function sortEntities<T>(
  entities: T[],
  key: string,
  direction: 'asc' | 'desc',
  read: (entity: T) => unknown = (entity) => valueAt(entity, key),
): T[] {
  const factor = direction === 'asc' ? 1 : -1;
  return entities
    .map((entity, index) => ({ entity, index, value: sortValue(key, read(entity)) }))
    .sort((x, y) => factor * compareSortValues(x.value, y.value) || x.index - y.index)
    .map(({ entity }) => entity);
}
