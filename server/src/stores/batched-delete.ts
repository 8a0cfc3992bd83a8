/** Deleting many rows without holding the database: id ranges, one short statement each. */
import type { Queryable } from '../db/types.js';

const DELETE_BATCH = 2000;

/** Lets queued requests run between two batches. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Deletes `table`'s rows matching `where` a batch at a time (`batch` ids a statement, cascades included);
 * returns how many.
 * The batches are id ranges between the first and last matching id (found in one scan): a batch that
 * searched for its matches afresh scanned the whole table each time (the patterns use no index), which
 * made clearing 750,000 seeded users take many minutes.
 */
export async function deleteInBatches(
  db: Queryable,
  table: string,
  where: string,
  param: string,
  batch = DELETE_BATCH,
): Promise<number> {
  const { rows } = await db.query<{ low: string | null; high: string | null }>(
    `SELECT min(id) AS low, max(id) AS high FROM ${table} WHERE ${where}`,
    [param],
  );
  if (rows[0]?.low == null || rows[0]?.high == null) return 0;
  const low = Number(rows[0].low);
  const high = Number(rows[0].high);
  let total = 0;
  for (let from = low; from <= high; from += batch) {
    await yieldToOthers();
    const { rowCount } = await db.query(`DELETE FROM ${table} WHERE id BETWEEN $2 AND $3 AND ${where}`, [
      param,
      from,
      Math.min(high, from + batch - 1),
    ]);
    total += rowCount;
  }
  return total;
}
