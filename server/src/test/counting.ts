import type { Queryable } from '../db/types.js';

/** `db` as a Queryable that counts the statements sent through it (what a memo spares is visible). */
export function countingQueries(db: Queryable): { q: Queryable; counted: { statements: number } } {
  const counted = { statements: 0 };
  const q: Queryable = {
    query: (sql, params, options) => {
      counted.statements++;
      return db.query(sql, params, options);
    },
  };
  return { q, counted };
}
