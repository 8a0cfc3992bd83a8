/**
 * The words most rows of a searched table hold (the performance seed's "perf", "user" and "org"; in a
 * federation of one institution its name), read from the database's own statistics of the word columns
 * (pg_stats' most common elements, made by ANALYZE, by autovacuum on PostgreSQL), so that a search asks the
 * word indexes for its other words only (search-query.ts searchCondition).
 *
 * Statistics only, never answers, rights or lists: which words are held common changes how much of a word
 * index a search reads, never which rows it answers (the whole text is tested on every row). They are read
 * again every READ_EVERY_MS, in the background of the search that finds them older (that search uses the
 * words held), and never on a handle other than the server's database (a transaction's handle ends with
 * it): there the set is empty and the whole text is asked of the index, as before.
 */
import type { Db, Queryable } from '../db/types.js';

/** The tables searched by words, and their word columns. */
const WORD_COLUMNS = {
  users: ['search_words'],
  invitations: ['search_words', 'inviter_words'],
} as const;
export type SearchedTable = keyof typeof WORD_COLUMNS;
/** Every searched table's word columns, as pairs. */
const columns = Object.entries(WORD_COLUMNS).flatMap(([table, names]) => names.map((name) => [table, name]));

/**
 * A word is held common when at least this part of a table's rows hold it in one of its word columns.
 * Leaving it out of the index's question can at most double the rows tested against the whole text (when it
 * is independent of the other words): a word held by all the rows costs the index a list as long as the
 * table, and one held by a tenth of them is a list worth reading, which narrows the rows ten times.
 */
export const COMMON_PART = 0.5;

/** How long the words read are used before they are read again. */
export const READ_EVERY_MS = 5 * 60_000;

interface Held {
  words: ReadonlyMap<SearchedTable, ReadonlySet<string>>;
  readAt: number;
  reading: Promise<void> | null;
}

const NONE: ReadonlySet<string> = new Set();
const HELD = new WeakMap<Db, Held>();

/** The common words of every searched table, read now from pg_stats (empty where ANALYZE has not run). */
async function readCommonWords(db: Db): Promise<Map<SearchedTable, Set<string>>> {
  const { rows } = await db.query<{ table: SearchedTable; word: string }>(
    `SELECT DISTINCT s.tablename AS table, e.word
       FROM pg_stats s,
            unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS e(word, part)
      WHERE s.schemaname = current_schema()
        AND (s.tablename, s.attname) IN (SELECT * FROM unnest($1::text[], $2::text[]))
        AND e.word IS NOT NULL AND e.part >= $3`,
    [columns.map(([table]) => table), columns.map(([, column]) => column), COMMON_PART],
  );
  const words = new Map<SearchedTable, Set<string>>();
  for (const row of rows) {
    const held = words.get(row.table) ?? new Set<string>();
    held.add(row.word);
    words.set(row.table, held);
  }
  return words;
}

/** Reads the common words again into `held`; a failed read leaves none held until the next. */
function reread(db: Db, held: Held): Promise<void> {
  held.reading ??= readCommonWords(db)
    .catch(() => new Map<SearchedTable, Set<string>>())
    .then((words) => {
      held.words = words;
      held.readAt = Date.now();
      held.reading = null;
    });
  return held.reading;
}

/**
 * The words held common in `table`: read on a database's first search (which waits for them), then again in
 * the background when older than READ_EVERY_MS. None on a handle that is not the server's database.
 */
export async function commonWords(q: Queryable, table: SearchedTable): Promise<ReadonlySet<string>> {
  // The server's database runs transactions; a transaction's handle (or any other) does not.
  if (!('tx' in q && 'kind' in q)) return NONE;
  const db = q as Db;
  let held = HELD.get(db);
  if (held === undefined) {
    held = { words: new Map(), readAt: 0, reading: null };
    HELD.set(db, held);
    await reread(db, held);
  } else if (Date.now() - held.readAt >= READ_EVERY_MS) {
    void reread(db, held);
  }
  return held.words.get(table) ?? NONE;
}

/** Reads a database's common words now (after an ANALYZE that changed them: the performance seed, a test). */
export async function readCommonWordsNow(db: Db): Promise<void> {
  const held = HELD.get(db) ?? { words: new Map(), readAt: 0, reading: null };
  HELD.set(db, held);
  await held.reading;
  await reread(db, held);
}
