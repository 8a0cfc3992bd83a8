/**
 * The plans of a measured endpoint's statements (BENCH_FLOOR=true only, with the bench's limits,
 * bench-limits.ts): `GET /bench/plans?path=<an API path and query>` asks that path once, with the caller's
 * own credentials, records every statement the process sends through `app.db.query` meanwhile (the bench
 * asks while nothing else runs; those a transaction runs on its own connection are not seen), and answers each statement's plan with what it read: `EXPLAIN (ANALYZE,
 * BUFFERS)` of the statement with the values it was sent. A statement the code prepares (QueryOptions
 * `prepare`) is explained as its generic plan, the one every call uses once PostgreSQL has chosen it, and an
 * unnamed one as the plan for its values. `npm run bench` prints them with the figures, and flags every
 * sequential scan of a table of more than SMALL_TABLE_ROWS rows: a statement that reads a whole table.
 */
import { NO_PARALLEL } from '../db/pool-db.js';
import type { QueryOptions, Queryable } from '../db/types.js';
import type { SchemaTypedApp } from './schema-types.js';

interface Sent {
  sql: string;
  params: readonly unknown[];
  prepared: boolean;
}

/** A table this small may be read whole: it fits in a few pages. */
export const SMALL_TABLE_ROWS = 1000;

/** The credentials the path is asked with: the caller's own. */
const FORWARDED = ['cookie', 'authorization', 'x-api-token', 'accept', 'accept-language'] as const;

/** A value as an SQL literal (untyped: it takes the type of the prepared statement's parameter). */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return quote(value.toISOString());
  if (Array.isArray(value))
    return quote(
      `{${value.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`,
    );
  if (typeof value === 'object') return quote(JSON.stringify(value));
  return quote(String(value));
}

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** `EXPLAIN (ANALYZE, BUFFERS)` of one statement sent with `params`, on one connection. */
export async function explain(q: Queryable, sent: Sent): Promise<string[]> {
  const name = `bench_plan_${process.pid}`;
  await q.query(`PREPARE ${name} AS ${sent.sql}`);
  try {
    await q.query(
      `SET LOCAL plan_cache_mode = ${sent.prepared ? 'force_generic_plan' : 'force_custom_plan'}`,
    );
    // A prepared statement runs on the generic plans' connections, which plan without parallel workers
    // (pool-db.ts NO_PARALLEL): explained with workers, its generic plan was one the server never runs (the
    // super user's invitations at the performance seed: a parallel scan and sort of the whole table).
    if (sent.prepared) await q.query(`SET LOCAL ${NO_PARALLEL.replace('=', ' = ')}`);
    const args = sent.params.length ? `(${sent.params.map(sqlLiteral).join(', ')})` : '';
    const { rows } = await q.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) EXECUTE ${name}${args}`,
    );
    return rows.map((row) => row['QUERY PLAN']);
  } finally {
    await q.query(`DEALLOCATE ${name}`);
  }
}

/**
 * The tables of more than SMALL_TABLE_ROWS rows that a plan reads whole: a sequential scan of one that
 * read (the rows it returned and those its filter removed, over its loops) at least half the table's rows.
 * A scan under a limit that stopped after its first rows (a broad search's page among its first matches)
 * does not read the table whole.
 */
export function wholeTableReads(plan: readonly string[], rowsOf: ReadonlyMap<string, number>): string[] {
  const tables = new Set<string>();
  plan.forEach((line, at) => {
    // PostgreSQL 15 counts rows as integers, PGlite's newer backend with two decimals (rows=1001.00).
    const scan = /Seq Scan on (\w+).*actual time=\S+ rows=([\d.]+) loops=(\d+)/.exec(line);
    if (!scan) return;
    const [, table, rows, loops] = scan;
    const size = rowsOf.get(table) ?? 0;
    if (size <= SMALL_TABLE_ROWS) return;
    // Its own detail lines follow it, indented deeper than the node.
    const indent = line.search(/\S/);
    let removed = 0;
    for (const detail of plan.slice(at + 1)) {
      if (detail.search(/\S/) <= indent || /->/.test(detail)) break;
      removed += Number(/Rows Removed by Filter: ([\d.]+)/.exec(detail)?.[1] ?? 0);
    }
    if ((Number(rows) + removed) * Number(loops) >= size / 2) tables.add(table);
  });
  return [...tables];
}

/**
 * A statement, and before it the matches a text search's statement finds inside (search_matches, migration
 * 042: a statement passed as a parameter, planned for its values each time), explained as the unnamed
 * statement they are: their plan is not in the calling statement's.
 */
export function withMatches(statement: Sent): Sent[] {
  const inside = [...statement.sql.matchAll(/search_matches\(\$(\d+)::text\)/g)]
    .map(([, n]) => statement.params[Number(n) - 1])
    .filter((sql): sql is string => typeof sql === 'string')
    .map((sql) => ({ sql, params: [], prepared: false }));
  return [...inside, statement];
}

export default async function benchPlans(app: SchemaTypedApp): Promise<void> {
  // What the server sends while a path is asked here: every statement of the process, so the bench asks
  // for plans while nothing else runs (an async context did not follow the request through app.inject).
  let recording: Sent[] | null = null;
  const db = app.db;
  const query = db.query.bind(db);
  // Only in the bench's own process: every statement goes on as before, and is noted while a path is asked here.
  db.query = ((sql: string, params?: readonly unknown[], options?: QueryOptions) => {
    recording?.push({ sql, params: params ?? [], prepared: options?.prepare === true });
    return query(sql, params, options);
  }) as typeof db.query;

  app.get(
    '/bench/plans',
    {
      schema: {
        hide: true,
        querystring: {
          type: 'object',
          required: ['path'],
          properties: { path: { type: 'string', pattern: '^/api/' } },
        },
      },
    },
    async (request) => {
      const headers: Record<string, string> = {};
      for (const name of FORWARDED) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const sent: Sent[] = [];
      recording = sent;
      const answer = await app
        .inject({ method: 'GET', url: request.query.path, headers })
        .finally(() => (recording = null));
      const { rows: sizes } = await query<{ name: string; n: number }>(
        `SELECT relname AS name, greatest(reltuples, 0)::float8 AS n FROM pg_class
          WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace`,
      );
      const rowsOf = new Map(sizes.map((s) => [s.name, Number(s.n)]));
      const seen = new Set<string>();
      const statements = [];
      for (const statement of sent.flatMap(withMatches)) {
        // Reads only: a write (the session's last activity) is not run a second time.
        if (
          !/^\s*(WITH|SELECT)\b/i.test(statement.sql) ||
          /\b(INSERT|UPDATE|DELETE)\b/i.test(statement.sql) ||
          seen.has(statement.sql)
        )
          continue;
        seen.add(statement.sql);
        const plan = await db
          .tx((q) => explain(q, statement))
          .catch((error: Error) => [`not explained: ${error.message}`]);
        statements.push({
          sql: statement.sql.replace(/\s+/g, ' ').trim(),
          prepared: statement.prepared,
          plan,
          wholeTableReads: wholeTableReads(plan, rowsOf),
        });
      }
      return { path: request.query.path, status: answer.statusCode, statements };
    },
  );
}
