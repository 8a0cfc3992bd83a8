/** Opens the configured database and brings its schema up to date. */
import type { AppConfig } from '../config.js';
import { migrate } from './migrate.js';
import { openPglite } from './pglite-db.js';
import { postgresDb } from './pool-db.js';
import type { Db } from './types.js';

/**
 * The embedded database's thread ended without being closed: nothing the server does can work any more.
 * It stops, so that whatever runs it starts it again (the data dir is recovered at start).
 */
function stopServer(error: Error): void {
  console.error(`The embedded database stopped (${error.message}); the server stops.`);
  process.exit(1);
}

/** Connections each PostgreSQL pool opens at most when the configuration does not say (DATABASE_POOL_SIZE). */
export const DEFAULT_POOL_SIZE = 10;

export async function openDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'databasePoolSize'>,
): Promise<Db> {
  const db = config.databaseUrl
    ? await postgresDb(config.databaseUrl, {
        max: config.databasePoolSize ?? DEFAULT_POOL_SIZE,
        connectionTimeoutMillis: 15_000,
      })
    : await openPglite(config.dataDir, { onLost: stopServer });
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}
