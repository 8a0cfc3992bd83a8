/**
 * Test databases. The schema is built once into a template (a PGlite dump file, or a PostgreSQL template
 * database when TEST_DATABASE_URL is set), named after a hash of the migrations so a changed migration
 * gets a new template; each test file then gets its own fresh copy. Parallel test files may race to build
 * the template: the loser's build is discarded, the result is the same.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { migrate, MIGRATIONS_DIR } from '../db/migrate.js';
import { dbOverPglite, PGLITE_EXTENSIONS, PLANNER_START_PARAMS } from '../db/pglite-db.js';
import { PgliteThread } from '../db/pglite-thread.js';
import { poolDb, postgresDb } from '../db/pool-db.js';
import type { Db } from '../db/types.js';

function migrationsHash(): string {
  // A dump is only readable by the PGlite version that wrote it.
  const pgliteMain = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pgliteVersion = fs.readFileSync(path.join(path.dirname(pgliteMain), '..', 'package.json'), 'utf8');
  const hash = createHash('sha256').update(pgliteVersion);
  for (const file of fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

function templateDumpPath(): string {
  return path.join(os.tmpdir(), `portal-server-template-${migrationsHash()}.tar.gz`);
}

function templateDatabaseName(): string {
  return `portal_tpl_${migrationsHash()}`;
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function ensurePgliteTemplate(): Promise<string> {
  const file = templateDumpPath();
  if (fs.existsSync(file)) return file;
  const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const db = dbOverPglite(pglite);
  await migrate(db);
  const dump = await pglite.dumpDataDir('gzip');
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(temp, file);
  await db.close();
  return file;
}

async function ensurePostgresTemplate(url: string): Promise<string> {
  const name = templateDatabaseName();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      const building = `${name}_build_${randomBytes(3).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${building}`);
      const db = poolDb(new pg.Pool({ connectionString: withDatabase(url, building), max: 2 }), 'postgres');
      try {
        await migrate(db);
      } finally {
        await db.close();
      }
      // A rename is atomic: a template either exists complete or not at all.
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`).catch(async (error: Error) => {
        await admin.query(`DROP DATABASE IF EXISTS ${building}`);
        if (!/already exists/.test(error.message)) throw error;
      });
    }
  } finally {
    await admin.end();
  }
  return name;
}

/**
 * A fresh, migrated database of its own; closing it drops it. `connections`: the most a PostgreSQL pool
 * opens (each of the two, pool-db.ts; 5 unless given).
 */
export async function freshTestDb({ connections }: { connections?: number } = {}): Promise<Db> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    // On a thread of its own, as the server runs it (db/pglite-thread.ts).
    const dump = fs.readFileSync(await ensurePgliteTemplate());
    return dbOverPglite(
      await PgliteThread.start({
        loadDataDir: dump,
        startParams: [...PGlite.defaultStartParams, ...PLANNER_START_PARAMS],
      }),
    );
  }
  const [db] = await freshSharedPostgresDb(url, 1, connections);
  return db;
}

/**
 * A fresh, migrated PostgreSQL database made from the template, and how to drop it (forcing out whatever is
 * still connected).
 */
export async function freshPostgresDatabase(
  url: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = await ensurePostgresTemplate(url);
  const name = `portal_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const drop = async () => {
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    try {
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await dropper.end();
    }
  };
  return { url: withDatabase(url, name), drop };
}

/**
 * `count` handles on one fresh, migrated PostgreSQL database, each with its own pool (and whatever else
 * a server process keeps), as that many server processes behind a load balancer have. The database is
 * dropped when the last of them is closed.
 */
export async function freshSharedPostgresDb(url: string, count: number, connections = 5): Promise<Db[]> {
  const fresh = await freshPostgresDatabase(url);
  let open = count;
  const dropWhenLast = async () => {
    open -= 1;
    if (open > 0) return;
    await fresh.drop();
  };
  return Promise.all(
    Array.from({ length: count }, () => postgresDb(fresh.url, { max: connections }, dropWhenLast)),
  );
}
