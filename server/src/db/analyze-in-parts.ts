/**
 * A table's statistics taken a few columns a statement instead of in one ANALYZE. On PGlite a statement
 * holds the only backend: ANALYZE of the performance seed's 75,000 users held it 400 ms (from the seed's
 * smaller sample) to 490 ms (the default one, as the upkeep takes it), and every request meanwhile waited
 * as long (the bench asks users/config throughout the seed; its target is 250 ms). Each statement reads
 * its sample of rows again (20-40 ms for those users), and each column costs its share on top: a word
 * column (tsvector, its words counted) 70-110 ms, a text column up to about 30, any other less. So each
 * word column goes alone and the others COLUMNS_PER_ANALYZE a statement: at the default sample the users'
 * longest statement took 140 ms (with six columns a statement 200), the invitations' 136; the table's
 * statistics are the same.
 */
import type { Queryable } from './types.js';

/** A table's columns analysed in one statement, at most (analyzedColumns). */
export const COLUMNS_PER_ANALYZE = 4;

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
 * Analyses `table` (a name as SQL writes it, e.g. `users` or `"public"."users"`) a few columns a statement,
 * each run by `run` (by default on `q`; the seed runs each in a transaction of its own with a smaller
 * sample, after letting queued requests run).
 *
 * An ANALYZE of some columns leaves the table's count of rows changed since its last analysis as it was
 * (only a whole table's resets it), and PGlite's upkeep (pglite-db.ts maintainWhenDue), reading that count,
 * analysed the table again at its next check, and again at every check after. So the table's activity
 * counters are reset afterwards, as after a whole ANALYZE: its changed, inserted and dead rows count from
 * now. Dead rows counted before are forgotten with them: the upkeep vacuums before it analyses when a
 * vacuum is due, so fewer than a vacuum's threshold of them, which the next vacuum still removes (later).
 * For PGlite, whose statements hold its only backend; PostgreSQL analyses a whole table without holding
 * anyone, and its autovacuum reads those counters.
 */
export async function analyzeInParts(
  q: Queryable,
  table: string,
  run: (statement: string) => Promise<unknown> = (statement) => q.query(statement),
): Promise<void> {
  for (const columns of await analyzedColumns(q, table))
    await run(`ANALYZE ${table} (${columns.join(', ')})`);
  await q.query('SELECT pg_stat_reset_single_table_counters($1::regclass)', [table]);
}
