/** A Db over a pg.Pool: the pool talks to PostgreSQL, or to PGlite through its node-postgres adapter. */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { mayWrite, WriteClock } from './change-clock.js';
import { listenForChanges } from './change-listener.js';
import { timestamptzParser } from './timestamps.js';
import type { Db, Queryable, QueryOptions, QueryResult } from './types.js';

// BIGINT / BIGSERIAL ids and count(*) come back as numbers, not strings (all ours fit in 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
// timestamptz values read without postgres-date's regular expressions (timestamps.ts).
pg.types.setTypeParser(
  pg.types.builtins.TIMESTAMPTZ,
  timestamptzParser(pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ)),
);

/** Statement names by text: the same text always gets the same name, on every connection. */
const statementNames = new Map<string, string>();

function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `s_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    statementNames.set(sql, name);
  }
  return name;
}

/** `clock` ticks after each statement that may write (none inside a transaction: it ticks at its end). */
function wrap(client: pg.Pool | pg.PoolClient, clock: WriteClock | null): Queryable {
  return {
    async query<T>(
      sql: string,
      params?: readonly unknown[],
      options?: QueryOptions,
    ): Promise<QueryResult<T>> {
      const values = params as unknown[] | undefined;
      try {
        const result = options?.prepare
          ? await client.query({ name: statementName(sql), text: sql, values })
          : await client.query(sql, values);
        return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
      } finally {
        // Failed or not: a statement of several that failed half-way wrote what came before.
        if (clock && mayWrite(sql)) clock.tick();
      }
    },
  };
}

/**
 * A Db over `pool`. Its change clock sees this process's writes; `watching` says whether that is every
 * change (PGlite), or whether a listener must first say it sees the others' (PostgreSQL: change-listener.ts).
 */
export function poolDb(
  pool: pg.Pool,
  kind: Db['kind'],
  onClose: () => Promise<void> = async () => {},
  clock: WriteClock = new WriteClock(kind === 'pglite'),
): Db & { readonly changes: WriteClock } {
  const outer = wrap(pool, clock);
  return {
    kind,
    changes: clock,
    query: outer.query,
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
        const result = await fn(wrap(client, null));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.off('error', onLost);
        client.release(lost);
        // After the commit (or the rollback: ticking costs a re-read, never a stale answer).
        clock.tick();
      }
    },
    async close() {
      await pool.end();
      await onClose();
    },
  };
}

/**
 * A Db over a pool of connections to the PostgreSQL server of `connectionString`, whose change clock also
 * sees the commits of other processes (change-listener.ts). Its connections name this instance (their
 * application_name), so that the notices of its own commits, which its clock has already counted, are
 * told apart. `onClose` runs after the pool and the listener ended.
 */
export async function postgresDb(
  connectionString: string,
  options: Pick<pg.PoolConfig, 'max' | 'connectionTimeoutMillis'>,
  onClose: () => Promise<void> = async () => {},
): Promise<Db> {
  const instance = `access-portal ${randomBytes(6).toString('hex')}`;
  const clock = new WriteClock(false);
  const listener = listenForChanges(connectionString, clock, instance);
  await listener.ready;
  // No JIT compiling: it pays off for long analytic statements, not for ours, which run in a millisecond
  // or less. It compiles whenever a plan's estimated cost passes jit_above_cost, as a generic plan's with a
  // LIMIT it cannot see does: 5 ms for the first page of a search that takes 0.1.
  const pool = new pg.Pool({
    ...options,
    connectionString,
    application_name: instance,
    options: '-c jit=off',
  });
  // A connection that the server ends while it is idle in the pool (a restart, an administrator,
  // idle_session_timeout, a database dropped while the pool closes) is reported by the pool as an 'error'
  // event; unheard, that event ended the process. The pool has already let the connection go, and the next
  // statement opens another: it is only told.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL ended an idle connection: ${error.message}`, 'PoolWarning');
  });
  return poolDb(
    pool,
    'postgres',
    async () => {
      await listener.stop();
      await onClose();
    },
    clock,
  );
}
