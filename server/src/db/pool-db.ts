/** A Db over a pg.Pool: the pool talks to PostgreSQL, or to PGlite through its node-postgres adapter. */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { timestamptzParser } from '../domain/timestamps.js';
import type { Db, Queryable, QueryOptions, QueryResult } from './types.js';

// BIGINT / BIGSERIAL ids and count(*) come back as numbers, not strings (all ours fit in 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
// timestamptz values read without postgres-date's regular expressions (timestamps.ts).
pg.types.setTypeParser(
  pg.types.builtins.TIMESTAMPTZ,
  timestamptzParser(pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ)),
);

/**
 * The most statement texts that are ever prepared under a name. A prepared statement lives as long as its
 * connection, in the server's memory and the database's: prepare is only for texts fixed by the code (a
 * few dozen), and this bound keeps a text built from input by mistake from growing either without end.
 * Past it, a statement runs unnamed (planned each time), which costs a little time and nothing else.
 */
export const MAX_PREPARED_TEXTS = 200;

/** Statement names by text: the same text always gets the same name, on every connection. */
const statementNames = new Map<string, string>();
let warnedFull = false;

/** The name to prepare `sql` under, or null once MAX_PREPARED_TEXTS other texts have one. */
export function statementName(sql: string): string | null {
  let name = statementNames.get(sql);
  if (name) return name;
  if (statementNames.size >= MAX_PREPARED_TEXTS) {
    if (!warnedFull) {
      warnedFull = true;
      process.emitWarning(
        `More than ${MAX_PREPARED_TEXTS} statement texts asked to be prepared: the rest run unnamed`,
        'PreparedStatementWarning',
      );
    }
    return null;
  }
  name = `s_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
  statementNames.set(sql, name);
  return name;
}

/**
 * `client`'s statements; a prepared one on `generic` when given (a pool whose connections plan every
 * prepared statement generically, postgresDb).
 */
function wrap(client: pg.Pool | pg.PoolClient, generic?: pg.Pool): Queryable {
  return {
    async query<T>(
      sql: string,
      params?: readonly unknown[],
      options?: QueryOptions,
    ): Promise<QueryResult<T>> {
      const values = params as unknown[] | undefined;
      const name = options?.prepare ? statementName(sql) : null;
      const result = name
        ? await (generic ?? client).query({ name, text: sql, values })
        : await client.query(sql, values);
      return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
    },
  };
}

/**
 * A Db over `pool`; `onClose` runs after the pool ended. With `generic`, the prepared statements outside
 * a transaction run on that pool's connections (PLAN_GENERIC), the rest on `pool`'s.
 */
export function poolDb(
  pool: pg.Pool,
  kind: Db['kind'],
  onClose: () => Promise<void> = async () => {},
  generic?: pg.Pool,
): Db {
  const outer = wrap(pool, generic);
  return {
    kind,
    query: outer.query,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      // A connection lost while held (PostgreSQL stopped or restarted) fails the statement in flight and
      // is also emitted as an 'error' event, which pg-pool hears only on idle clients: unheard, it ended
      // the process. Released with that error, the broken client is dropped instead of pooled again.
      let lost: Error | undefined;
      const onLost = (error: Error) => {
        lost = error;
      };
      client.on('error', onLost);
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.off('error', onLost);
        client.release(lost);
      }
    },
    async close() {
      await Promise.all([pool.end(), generic?.end()]);
      await onClose();
    },
  };
}

/**
 * A sequential scan of a table larger than a quarter of shared_buffers starts where another scan of it
 * is (synchronize_seqscans), so that long scans share their reads. Ours are short: a broad search reads
 * the table up to its cap, which a table full of rows gives within a few dozen pages. Where the rows are
 * not spread over the whole table (the table once held more: a ten-times performance seed replaced by a
 * one-time one left its users in the first tenth of the pages, and one moved row kept the empty rest), a
 * scan started anywhere walked the empty pages to wrap round to them, where one from the start reads a
 * few dozen (`npm run bench`, PostgreSQL ×1 after ×10, shows it in the broad user search). Every scan
 * starts at the table's first page instead; the performance seed vacuums
 * what it cleared before it writes, so that its rows fill the table from there. The same on PGlite, where
 * one backend runs the statements one after another, and each scan started where the last one stopped.
 */
export const SYNCHRONIZED_SCANS_OFF = 'synchronize_seqscans=off';

/**
 * Reading a page at random costs the planner little more than reading the next one: the tables and indexes
 * a request reads are in memory (PostgreSQL's buffers or the system's file cache; PGlite's files are in
 * memory), where the default (4, from spinning disks) made a walk of an index that does not follow the
 * table's order look dear. The roles page's generic plan (its LIMIT unknown, guessed at a tenth of the
 * roles) read and sorted all 507 roles of the performance seed instead of walking the name index for ten,
 * whenever the roles' names happened to lie in the table out of their order: the database's CPU for the
 * page went from 188 to 375-398 us between runs of the bench. The text searches' plans stay as they were
 * (the word index for a narrow text, the table until the cap for a broad one).
 */
export const RANDOM_PAGE_COST = 'random_page_cost=1.1';

/**
 * How a prepared statement (QueryOptions `prepare`) is planned: once, generically, for every value. Left
 * to itself PostgreSQL plans a named statement for its values five times, then keeps a generic plan only
 * when its estimated cost is no higher than theirs; a page's LIMIT and OFFSET as parameters are estimated
 * at a tenth of the rows each in a generic plan, so a list (the roles page) was planned on every call for
 * ever, its planning costing as much as its execution, though its generic plan reads the
 * same indexes the same way. Only statements whose plan does not hang on their values are prepared
 * (types.ts); a search with a text runs unnamed and is planned for its words on every call. On PGlite,
 * whose one backend every connection shares, the thread sets it for each exchange
 * (pglite-thread.worker.js).
 */
export const PLAN_GENERIC = 'plan_cache_mode=force_generic_plan';

/**
 * …and without parallel workers: a generic plan's estimates do not know the values, and a statement that
 * reads a few thousand rows at most was planned with workers, whose start cost more than the reads (at a
 * hundred times the performance seed, the page past the cap of an invitation search's narrow text, its
 * matches guessed at a hundredth of the table). PGlite has no workers.
 */
export const NO_PARALLEL = 'max_parallel_workers_per_gather=0';

/** A Db over a pool of connections to the PostgreSQL server of `connectionString`. */
export async function postgresDb(
  connectionString: string,
  options: Pick<pg.PoolConfig, 'max' | 'connectionTimeoutMillis'>,
  onClose: () => Promise<void> = async () => {},
): Promise<Db> {
  // No JIT compiling: it pays off for long analytic statements, not for ours, which run in a millisecond
  // or less. It compiles whenever a plan's estimated cost passes jit_above_cost, which made the first page
  // of a search many times slower than the search itself.
  // No synchronised sequential scans (SYNCHRONIZED_SCANS_OFF).
  // Random reads priced as the memory they come from (RANDOM_PAGE_COST).
  const settings = `-c jit=off -c ${SYNCHRONIZED_SCANS_OFF} -c ${RANDOM_PAGE_COST}`;
  const pool = new pg.Pool({
    ...options,
    connectionString,
    application_name: 'access-portal',
    options: settings,
  });
  // The prepared statements' connections (PLAN_GENERIC): PostgreSQL has no per-statement setting, and
  // a connection's applies to its unnamed statements too, which must stay planned for their values.
  const generic = new pg.Pool({
    ...options,
    connectionString,
    application_name: 'access-portal',
    options: `${settings} -c ${PLAN_GENERIC} -c ${NO_PARALLEL}`,
  });
  // A connection that the server ends while it is idle in the pool (a restart, an administrator,
  // idle_session_timeout, a database dropped while the pool closes) is reported by the pool as an 'error'
  // event; unheard, that event ended the process. The pool has already let the connection go, and the next
  // statement opens another. Nothing is logged here: a database that went away is logged once, by the
  // requests that meet it (db/outage.ts), not once per pooled connection.
  pool.on('error', () => undefined);
  generic.on('error', () => undefined);
  return poolDb(pool, 'postgres', onClose, generic);
}
