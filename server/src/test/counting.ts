import type { Queryable } from '../db/types.js';

/**
 * `db` as a Queryable that counts the statements sent through it and keeps their texts (what a memo spares
 * is visible).
 */
export function countingQueries(db: Queryable): {
  q: Queryable;
  counted: { statements: number };
  sent: string[];
} {
  const counted = { statements: 0 };
  const sent: string[] = [];
  const q: Queryable = {
    query: (sql, params, options) => {
      counted.statements++;
      sent.push(sql);
      return db.query(sql, params, options);
    },
  };
  return { q, counted, sent };
}
