/**
 * The embedded database: PGlite in DATA_DIR (or in memory), reached through the same pg.Pool code path as
 * PostgreSQL via PGlite's node-postgres adapter.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { poolDb } from './pool-db.js';
import type { Db } from './types.js';

/** The same extensions every time a data dir is opened, or PGlite cannot load what was stored. */
export const PGLITE_EXTENSIONS = { pg_trgm } as const;

export class DataDirLockedError extends Error {}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes DATA_DIR/server.lock. A second process on one PGlite data dir silently loses its writes, so a live
 * holder makes this throw; a lock left by a dead process is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockFile, 'utf8') === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          // already gone: nothing to release
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && processAlive(holder)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another server process (pid ${holder}). ` +
            'Stop that process, or give this one its own DATA_DIR (or DATABASE_URL).',
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}`);
}

/** Wraps an opened PGlite in the shared Db interface (a pool of one connection). */
export function dbOverPglite(pglite: PGlite, onClose: () => Promise<void> = async () => {}): Db {
  const pool = new pg.Pool({
    ...(createPgConfig(pglite) as unknown as pg.PoolConfig),
    max: 1,
    // The connection is in-process: keep it instead of closing it after 10 s idle.
    idleTimeoutMillis: 0,
    // A query through the outer handle while a transaction holds the one connection would wait forever.
    connectionTimeoutMillis: 15_000,
  });
  return poolDb(pool, 'pglite', async () => {
    await onClose();
    await pglite.close();
  });
}

/** Opens PGlite in `dataDir` ('memory' for in memory, or a loaded dump for test clones). */
export async function openPglite(
  dataDir: string,
  options: Pick<PGliteOptions, 'loadDataDir'> = {},
): Promise<Db> {
  let release: () => void = () => undefined;
  let pgDataDir: string | undefined;
  if (dataDir !== 'memory') {
    release = lockDataDir(dataDir);
    pgDataDir = path.join(dataDir, 'pgdata');
  }
  try {
    const pglite = await PGlite.create({ dataDir: pgDataDir, extensions: PGLITE_EXTENSIONS, ...options });
    return dbOverPglite(pglite, async () => release());
  } catch (error) {
    release();
    throw error;
  }
}
