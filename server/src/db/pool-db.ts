/** A Db over a pg.Pool: the pool talks to PostgreSQL, or to PGlite through its node-postgres adapter. */
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Db, Queryable, QueryOptions, QueryResult } from './types.js';

// BIGINT / BIGSERIAL ids and count(*) come back as numbers, not strings (all ours fit in 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

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

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(
      sql: string,
      params?: readonly unknown[],
      options?: QueryOptions,
    ): Promise<QueryResult<T>> {
      const values = params as unknown[] | undefined;
      const result = options?.prepare
        ? await client.query({ name: statementName(sql), text: sql, values })
        : await client.query(sql, values);
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
