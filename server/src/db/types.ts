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
  /**
   * After statistics changed at once (a bulk load analysed): every prepared statement is planned afresh
   * at its next use. PostgreSQL decides per prepared statement between a plan for its values (planned on
   * every call) and a generic one (planned once), comparing the generic plan's estimated cost when it was
   * last made with the average of the value plans'. A generic plan made while the statistics were half
   * new (one table analysed, the next not yet) was estimated dear; when the statistics settle the plan is
   * dropped, but not that estimate, so the statement is planned on every call for as long as it lives.
   * On PGlite it lives as long as the server (the embedded database's connections are never closed), and
   * after a performance seed the session read of every request cost ten times its execution in planning,
   * and users/me answered a fraction of its requests a second. Absent where statements do not
   * outlive a while (PostgreSQL's pooled connections are replaced, pool-db.ts).
   */
  replan?(): Promise<void>;
  close(): Promise<void>;
}
