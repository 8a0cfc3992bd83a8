/**
 * A large table's statistics taken a few columns a statement instead of in one ANALYZE. On PGlite a
 * statement holds the only backend: ANALYZE of the performance seed's 75,000 users held it 400-490 ms,
 * and every request meanwhile waited as long (the bench asks users/config throughout the seed; its target
 * is 250 ms). A whole table's ANALYZE reads one sample for all its columns, as large as the largest column's
 * target asks (30,000 rows for the words, migration 023), and computes every column over all of it. Each
 * statement of some columns reads its own sample (20-40 ms for those users), sized by its own columns'
 * targets, and each column costs its share on top: a word column (tsvector, its words counted) 70-110 ms,
 * a text column up to about 30, any other less. So each word column goes alone and the others
 * COLUMNS_PER_ANALYZE a statement: the users' longest statement took 140 ms (with six columns a statement
 * 200), the invitations' 136.
 *
 * What a list of columns leaves out: the statistics of the indexes' expressions (`lower(name)`,
 * `lower(email)`, the trigram indexes' `lower(…)`), which only a whole table's ANALYZE takes. The planner
 * reads from them how a walk in that order jumps through the table (priced nearly as a read in order, with
 * random reads priced as memory: pool-db.ts RANDOM_PAGE_COST) and how many rows a LIKE on the expression
 * keeps (without them, a default guess). So a table of at most WHOLE_UP_TO_BYTES, whose whole ANALYZE is
 * short, is analysed whole, its expressions with it; a larger one keeps the expressions' statistics of its
 * last whole ANALYZE, if it had one. After the performance seed on PGlite, the statements of the bench's
 * lists and searches had the same plans without them as with them (taken by a whole ANALYZE of the users
 * and their invitations afterwards).
 */
import type { Queryable } from './types.js';

/** A table's columns analysed in one statement, at most (analyzedColumns). */
export const COLUMNS_PER_ANALYZE = 4;

/**
 * A table of at most this size (its main fork) is analysed in one statement. The memberships (37,500 rows,
 * 3 MB) took 46-63 ms whole at the default sample; the users' 17 columns in 4 MB (some 12,000 rows, a sample
 * of all of them) would take about two fifths of their 75,000 rows' 400-490 ms.
 */
export const WHOLE_UP_TO_BYTES = 4 * 2 ** 20;

/** A table's columns in the groups they are analysed in, a statement each (each name quoted). */
export async function analyzedColumns(q: Queryable, table: string): Promise<string[][]> {
  const { rows } = await q.query<{ name: string; words: boolean }>(
    `SELECT quote_ident(attname) AS name, atttypid = 'tsvector'::regtype AS words
       FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped
      ORDER BY attnum`,
    [table],
  );
  const groups = rows.filter((c) => c.words).map((c) => [c.name]);
  const others = rows.filter((c) => !c.words).map((c) => c.name);
  for (let i = 0; i < others.length; i += COLUMNS_PER_ANALYZE)
    groups.push(others.slice(i, i + COLUMNS_PER_ANALYZE));
  return groups;
}

/**
 * Analyses `table` (a name as SQL writes it, e.g. `users` or `"public"."users"`): whole when it is small
 * (WHOLE_UP_TO_BYTES), else a few columns a statement. Each statement is run by `run` (by default on `q`;
 * the seed runs each in a transaction of its own with a smaller sample, after letting queued requests run).
 *
 * An ANALYZE of some columns leaves the table's count of rows changed since its last analysis as it was
 * (only a whole table's resets it), and PGlite's upkeep (pglite-db.ts maintainWhenDue), reading that count,
 * analysed the table again at its next check, and again at every check after. So after the parts the
 * table's activity counters are reset, as a whole ANALYZE resets that one: its changed, inserted and dead
 * rows count from now. Dead rows counted before are forgotten with them: the upkeep vacuums before it
 * analyses when a vacuum is due, so fewer than a vacuum's threshold of them, which the next vacuum still
 * removes (later). For PGlite, whose statements hold its only backend; PostgreSQL analyses a whole table
 * without holding anyone, and its autovacuum reads those counters.
 */
export async function analyzeInParts(
  q: Queryable,
  table: string,
  run: (statement: string) => Promise<unknown> = (statement) => q.query(statement),
): Promise<void> {
  const { rows } = await q.query<{ bytes: string }>('SELECT pg_relation_size($1::regclass) AS bytes', [
    table,
  ]);
  if (Number(rows[0].bytes) <= WHOLE_UP_TO_BYTES) {
    await run(`ANALYZE ${table}`);
    return;
  }
  for (const columns of await analyzedColumns(q, table))
    await run(`ANALYZE ${table} (${columns.join(', ')})`);
  await q.query('SELECT pg_stat_reset_single_table_counters($1::regclass)', [table]);
}
