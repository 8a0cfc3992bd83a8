import type { Queryable } from '../db/types.js';

/**
 * A search text as the word query migration 015's user_search_query makes of it, written as a tsquery's text
 * (a parameter cast `$n::tsquery`): each word a whole word, the last one also the beginning of one.
 *
 * A statement planned for its text folds user_search_query into a constant while it is planned, once for
 * each place the condition stands (twice in a user search, four times in an invitation search), and on
 * PGlite each fold ran the PL/pgSQL function anew. A tsquery's text is read at once. Only a text of ASCII
 * letters, digits and separators is written here, where the function's words are certainly these: lower()
 * and `[[:alnum:]]` agree with JavaScript on ASCII, and a run of ASCII letters and digits is one word of
 * the text search parser, kept whole by the `simple` configuration. Any other text (a letter with an
 * accent, a word longer than MAX_WORD) is left to the function (null).
 */

/** Longer words are left to the function (the text search parser limits a word's length). */
const MAX_WORD = 100;

/** The tsquery's text for `text`, `''` when it holds no word (the function answers NULL), or null. */
export function searchQueryText(text: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (!/^[\x00-\x7f]*$/.test(text)) return null;
  const words = text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
  if (words.some((word) => word.length > MAX_WORD)) return null;
  if (words.length === 0) return '';
  const last = words[words.length - 1];
  const lastQuery = `'${last}' | '${last}':*`;
  if (words.length === 1) return lastQuery;
  return `${words
    .slice(0, -1)
    .map((word) => `'${word}'`)
    .join(' & ')} & ( ${lastQuery} )`;
}

/**
 * The SQL of the word query for a search text, as a tsquery parameter pushed onto `params` (`$n::tsquery`):
 * written here (searchQueryText), or for any other text made by user_search_query in a statement of its
 * own. A search's statements then take the query as a value: one planned for its text sees it as a
 * constant, and a prepared one (a page past the cap, searched-page.ts) filters by it, where a call of the
 * function on a parameter would run for every row it filters.
 */
export async function searchQuerySql(q: Queryable, text: string, params: unknown[]): Promise<string> {
  let written = searchQueryText(text);
  if (written === null) {
    const { rows } = await q.query<{ query: string | null }>(
      'SELECT user_search_query($1)::text AS query',
      [text],
      { prepare: true },
    );
    written = rows[0].query ?? '';
  }
  // No word: the function's NULL (which matches nothing).
  return `$${params.push(written === '' ? null : written)}::tsquery`;
}

/** A string as an escape string literal, or null when it holds a NUL (which cannot be in a statement's text). */
function stringLiteral(value: string): string | null {
  // A backslash and a quote doubled are an escape string's only specials, whatever
  // standard_conforming_strings says.
  return value.includes('\0') ? null : `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * An array of whole numbers, strings and nulls as the text of an array value (`{1,"a b",NULL}`): each
 * string quoted, its backslashes and double quotes escaped. Null for any other element (a nested array, a
 * fraction), or for a string holding a NUL.
 */
function arrayText(values: readonly unknown[]): string | null {
  const elements: string[] = [];
  for (const value of values) {
    if (value === null) elements.push('NULL');
    else if (typeof value === 'number' && Number.isSafeInteger(value)) elements.push(String(value));
    else if (typeof value === 'string' && !value.includes('\0'))
      elements.push(`"${value.replace(/[\\"]/g, '\\$&')}"`);
    else return null;
  }
  return `{${elements.join(',')}}`;
}

/**
 * A value as an SQL literal, or null for a value not written so (a fraction, a NUL, another kind of value).
 * An array is written as the text of its value, a literal whose type the statement's cast gives
 * (`$2::text[]`), as a parameter's is.
 */
function sqlLiteral(value: unknown): string | null {
  if (value === null) return 'NULL';
  // In brackets when negative: `-7::text` would cast the 7 alone.
  if (typeof value === 'number')
    return Number.isSafeInteger(value) ? (value < 0 ? `(${value})` : String(value)) : null;
  if (typeof value === 'string') return stringLiteral(value);
  if (Array.isArray(value)) {
    const text = arrayText(value);
    return text === null ? null : stringLiteral(text);
  }
  return null;
}

/**
 * `sql` with its parameters `$1…$n` written in as literals, to be sent without parameters; null when one of
 * them is not a string, a whole number, null or an array of those (the caller sends it as a parameter).
 *
 * For a statement planned for its values on every call (a text search's matches, searched-page.ts): passed
 * to search_matches (migration 042) as a parameter of the page's prepared statement and run by its EXECUTE,
 * it is planned for them as an unnamed statement sent with them would be. Its text is never kept (never
 * prepared).
 */
export function withValuesWritten(sql: string, params: readonly unknown[]): string | null {
  const literals = params.map(sqlLiteral);
  if (literals.some((literal) => literal === null)) return null;
  return sql.replace(/\$(\d+)/g, (placeholder, n: string) => literals[Number(n) - 1] ?? placeholder);
}
