/** Plain SQL migrations from server/migrations/*.sql, applied in name order, each once, under a lock. */
import fs from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from '../config.js';
import { LOCK_KEYS, waitForLock } from './locks.js';
import type { Db } from './types.js';

export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'server', 'migrations');

/** Applies the migrations not yet recorded in schema_migrations; returns the names applied. */
export async function migrate(db: Db, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await fs.readdir(dir)).filter((f) => /^\d+.*\.sql$/.test(f)).sort();
  return db.tx(async (q) => {
    // Transaction-scoped: two instances starting together apply each migration once.
    await waitForLock(q, LOCK_KEYS.migrations);
    await q.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await q.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await fs.readFile(path.join(dir, file), 'utf8');
      try {
        await q.query(sql);
      } catch (error) {
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
      }
      await q.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}
