/** A Db over a pg.Pool: the pool talks to PostgreSQL, or to PGlite through its node-postgres adapter. */
import pg from 'pg';
import type { Db, Queryable, QueryResult } from './types.js';

// BIGINT / BIGSERIAL ids and count(*) come back as numbers, not strings (all ours fit in 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
      const result = await client.query(sql, params as unknown[] | undefined);
      return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
    },
  };
}

export function poolDb(pool: pg.Pool, kind: Db['kind'], onClose: () => Promise<void> = async () => {}): Db {
  const outer = wrap(pool);
  return {
    kind,
    query: outer.query,
    async tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
      await onClose();
    },
  };
}
