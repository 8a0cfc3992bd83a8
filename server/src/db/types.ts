/** The one database interface the server codes against, the same over PGlite and PostgreSQL. */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface QueryOptions {
  /**
   * Run as a named prepared statement: parsed and planned once per connection, then only executed. Only
   * for statements whose text is fixed by the code (never built from input: every name lives as long as
   * its connection) and whose plan does not depend on its parameters, such as the session read of every
   * request. A search is planned for its values each time (unnamed), so the planner weighs its words.
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
  /** 'pglite' or 'postgres': for log lines and the rare place where the two differ. */
  readonly kind: 'pglite' | 'postgres';
  /** The connection pool's state now (metrics); absent where there is no pool. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}
