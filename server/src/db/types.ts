import type { ChangeClock } from './change-clock.js';

/** The one database interface the server codes against, the same over PGlite and PostgreSQL. */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface QueryOptions {
  /**
   * Run as a named prepared statement: parsed and planned once per connection, then only executed. For
   * statements whose plans do not depend on their parameters: those of every request (session, user), the
   * first page of a list without search text, a page sorted among ids. A text search only where the
   * statistics call its text narrow (stores/word-statistics.ts): a generic plan cannot tell a broad
   * pattern from a narrow one.
   */
  prepare?: boolean;
}

export interface Queryable {
  query<T = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<T>>;
}

export interface Db extends Queryable {
  /**
   * Runs `fn` in one transaction on one connection; commits when it resolves, rolls back when it throws.
   * Use only the handle passed to `fn` inside: the outer handle waits for the connection `fn` holds.
   */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Moves whenever the data a session is read with may have changed (change-clock.ts). */
  readonly changes: ChangeClock;
  /** 'pglite' or 'postgres': for log lines and the rare place where the two differ. */
  readonly kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}
