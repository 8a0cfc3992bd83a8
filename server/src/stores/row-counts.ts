/**
 * The numbers of rows the database keeps as they are written (migration 043: row_counts, up to 16 rows a
 * table summed; roles, invitations and the audit trail are counted): read in the reader's snapshot, so never
 * stale, and nothing kept in the server.
 */

/** The tables whose number of rows is kept (row_count_kept_for in migrations 043, 044 and 046). */
export type CountedTable = 'roles' | 'invitations' | 'audit_logs';

/** An SQL expression of the number of rows `table` holds, as kept (a scalar subquery). */
export function keptRowCount(table: CountedTable): string {
  return `(SELECT COALESCE(sum(c.n), 0) FROM row_counts c WHERE c.counted = '${table}')`;
}
