/**
 * The embedded database: PGlite in DATA_DIR (or in memory) on a thread of its own (PgliteThread), reached
 * through the same pg.Pool code path as PostgreSQL: node-postgres speaks the wire protocol to PGlite's
 * backend through an in-process socket (PgliteWire).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { analyzeInParts } from './analyze-in-parts.js';
import { PgliteThread, type PgliteThreadHooks } from './pglite-thread.js';
import { onThisThread, PgliteWire, type PgliteEndpoint } from './pglite-wire.js';
import { poolDb, RANDOM_PAGE_COST, SYNCHRONIZED_SCANS_OFF } from './pool-db.js';
import type { Db, Queryable } from './types.js';

/** The planner's settings, as the PostgreSQL pools have them (pool-db.ts): the server's database and the tests'. */
export const PLANNER_START_PARAMS = ['-c', SYNCHRONIZED_SCANS_OFF, '-c', RANDOM_PAGE_COST];

export { PGLITE_EXTENSIONS } from './pglite-extensions.js';

export class DataDirLockedError extends Error {}

/**
 * Where the lock lives: a Unix socket in the data dir (an abstract one, named after the directory, when
 * that path is longer than a socket path may be).
 */
export function lockSocketPath(dataDir: string): string {
  const file = path.join(path.resolve(dataDir), 'server.sock');
  if (Buffer.byteLength(file) < 100) return file;
  const digest = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 32);
  return `\0access-portal-${digest}`;
}

/** The pid a live holder reports, or null when nobody listens (the socket outlived its process). */
function askHolder(socketPath: string): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    let answer = '';
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve(answer || '?'));
    socket.on('error', () => resolve(null));
    socket.on('close', () => resolve(answer || null));
  });
}

function listen(server: net.Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * Takes the data dir's lock. A second process on one PGlite data dir silently loses its writes, so a live
 * holder makes this throw. The lock is a listening Unix socket: the kernel closes it when its process
 * ends, however it ends, so a lock can never outlive its process (a pid file can, once the pid is reused
 * after a container restart). A socket file left by a dead process answers nobody and is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  fs.mkdirSync(dataDir, { recursive: true });
  // The pid file of earlier versions means nothing now.
  fs.rmSync(path.join(dataDir, 'server.lock'), { force: true });
  const socketPath = lockSocketPath(dataDir);
  for (let attempt = 0; attempt < 3; attempt++) {
    const server = net.createServer((socket) => socket.end(String(process.pid)));
    try {
      await listen(server, socketPath);
      server.unref();
      return () => {
        server.close();
        if (!socketPath.startsWith('\0')) fs.rmSync(socketPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      const holder = await askHolder(socketPath);
      if (holder !== null) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another server process (pid ${holder}). ` +
            'Stop that process, or give this one its own DATA_DIR (or DATABASE_URL).',
        );
      }
      if (!socketPath.startsWith('\0')) fs.rmSync(socketPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}`);
}

/**
 * PGlite runs PostgreSQL as a single backend, without the server's background processes: nothing
 * checkpoints while it runs. Its WAL would grow with every write for as long as the server lives (in
 * memory with DATA_DIR=memory, on disk otherwise; the performance seed alone writes hundreds of megabytes),
 * and a process killed without closing would replay all of it at its next start, several times slower.
 * The checkpointer's work is done here instead: every `everyMs`, a checkpoint once `afterBytes` of
 * WAL have been written since the last one. After it, PostgreSQL keeps at most max_wal_size of old WAL
 * segments for reuse (WAL_START_PARAMS) and drops the rest.
 */
export interface CheckpointPolicy {
  afterBytes: number;
  everyMs: number;
  /** How often maintainWhenDue looks for a table to vacuum or analyse. */
  maintainEveryMs: number;
}

export const CHECKPOINT_POLICY: CheckpointPolicy = {
  afterBytes: 64 * 2 ** 20,
  everyMs: 10_000,
  maintainEveryMs: 60_000,
};

/** WAL segments kept for reuse after a checkpoint: 32-128 MB (the defaults, 80 MB-1 GB, suit a server's disk). */
const WAL_START_PARAMS = ['-c', 'max_wal_size=128MB', '-c', 'min_wal_size=32MB'];

/** Checkpoints when at least `afterBytes` of WAL were written since the last checkpoint began; true when it did. */
export async function checkpointWhenDue(q: Queryable, afterBytes: number): Promise<boolean> {
  const { rows } = await q.query<{ since: string }>(
    `SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), (pg_control_checkpoint()).redo_lsn)::bigint AS since`,
    [],
    { prepare: true },
  );
  if (Number(rows[0].since) < afterBytes) return false;
  await q.query('CHECKPOINT');
  return true;
}

/**
 * PGlite runs no autovacuum either: nothing refreshes the planner's statistics, and nothing vacuums. A
 * table filled after its last ANALYZE (or never analysed) is planned as it was then, or by default guesses;
 * a table never vacuumed keeps every deleted or replaced row, its new rows go after them (the space is never
 * given back), and its pages are never marked all-visible, so a count by index still reads every counted
 * row from the table (a role's 75 members: 75 pages instead of 2). This does autovacuum's work instead, by
 * its rules (PostgreSQL's default thresholds and scale factors, over the activity statistics, which PGlite
 * keeps but flushes only when told): a table is vacuumed when its dead rows pass 50 + 20 % of its rows, or
 * the rows inserted since its last vacuum pass 1,000 + 20 %; analysed when the rows changed since its last
 * analysis pass 50 + 10 %. Vacuum and analysis are statements of their own, each holding the only backend
 * briefly (longest for a ten-times seed's users): the analysis a few columns a statement
 * (analyze-in-parts.ts). A table is left while it grows (its size not the same as at the previous check,
 * `sizes`), so that a bulk load is not done halfway. One table a check, the one with the most changes;
 * returns its name, or null.
 */
export async function maintainWhenDue(q: Queryable, sizes: Map<string, number>): Promise<string | null> {
  // Flushed when this statement's transaction ends: the next one reads them.
  await q.query('SELECT pg_stat_force_next_flush()', [], { prepare: true });
  const { rows } = await q.query<MaintenanceRow>(
    `SELECT format('%I.%I', s.schemaname, s.relname) AS name, s.n_dead_tup::float8 AS dead,
            s.n_ins_since_vacuum::float8 AS inserted, s.n_mod_since_analyze::float8 AS changed,
            greatest(c.reltuples, 0)::float8 AS tuples,
            (pg_relation_size(c.oid) / current_setting('block_size')::int)::int AS pages
       FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
      WHERE s.schemaname = 'public'`,
    [],
    { prepare: true },
  );
  const due = rows
    .map((t) => ({ ...t, vacuum: vacuumDue(t), analyze: t.changed > 50 + 0.1 * t.tuples }))
    .filter((t) => (t.vacuum || t.analyze) && sizes.get(t.name) === t.pages)
    .sort((a, b) => b.dead + b.inserted + b.changed - (a.dead + a.inserted + a.changed))[0];
  sizes.clear();
  for (const t of rows) sizes.set(t.name, t.pages);
  if (!due) return null;
  if (due.vacuum) await q.query(`VACUUM ${due.name}`);
  if (due.analyze) await analyzeInParts(q, due.name);
  return due.name;
}

interface MaintenanceRow {
  name: string;
  dead: number;
  inserted: number;
  changed: number;
  tuples: number;
  pages: number;
}

function vacuumDue(t: MaintenanceRow): boolean {
  return t.dead > 50 + 0.2 * t.tuples || t.inserted > 1000 + 0.2 * t.tuples;
}

/**
 * Wraps an opened PGlite (on this thread, or on its own: PgliteThread) in the shared Db interface (a pool
 * of its `connections`), checkpointing by `policy`.
 */
export function dbOverPglite(
  pglite: PGlite | PgliteEndpoint,
  onClose: () => Promise<void> = async () => {},
  policy: CheckpointPolicy = CHECKPOINT_POLICY,
): Db {
  const endpoint = pglite instanceof PGlite ? onThisThread(pglite) : pglite;
  const pool = new pg.Pool({
    stream: () => new PgliteWire(endpoint),
    user: 'postgres',
    database: 'postgres',
    max: endpoint.connections,
    // The connections are in-process: keep them instead of closing them after 10 s idle.
    idleTimeoutMillis: 0,
    // On this thread (one connection), a query through the outer handle while a transaction holds the
    // connection would wait for ever. (On its own thread, PgliteThread fails such a query as long after.)
    connectionTimeoutMillis: 15_000,
  });
  let checking: Promise<unknown> | null = null;
  let lastMaintenanceCheck = Date.now();
  const sizes = new Map<string, number>();
  const timer = setInterval(() => {
    // Queued behind the requests waiting for the database, as any query; one check at a time. A
    // failed check is tried again at the next tick (maintenance: no request waits on it).
    if (checking) return;
    const maintain = Date.now() - lastMaintenanceCheck >= policy.maintainEveryMs;
    if (maintain) lastMaintenanceCheck = Date.now();
    checking = checkpointWhenDue(db, policy.afterBytes)
      .catch(() => false)
      .then(() => (maintain ? maintainWhenDue(db, sizes) : null))
      // New statistics: the prepared statements are planned against them (Db.replan).
      .then((maintained) => (maintained ? db.replan?.() : undefined))
      .catch(() => null)
      .finally(() => {
        checking = null;
      });
  }, policy.everyMs);
  timer.unref();
  const db = poolDb(pool, 'pglite', async () => {
    // The database closed before the data dir's lock goes: another server may open it at once.
    try {
      await endpoint.close();
    } finally {
      await onClose();
    }
  });
  const replan = endpoint.replan?.bind(endpoint);
  if (replan) db.replan = replan;
  const close = db.close;
  db.close = async () => {
    clearInterval(timer);
    await checking;
    await close();
  };
  return db;
}

/** Opens PGlite in `dataDir` ('memory' for in memory), on a thread of its own. */
export async function openPglite(
  dataDir: string,
  hooks: Pick<PgliteThreadHooks, 'onLost'> = {},
): Promise<Db> {
  let release: () => void = () => undefined;
  let pgDataDir: string | undefined;
  if (dataDir !== 'memory') {
    release = await lockDataDir(dataDir);
    pgDataDir = path.join(dataDir, 'pgdata');
  }
  try {
    const thread = await PgliteThread.start(
      {
        dataDir: pgDataDir,
        startParams: [...PGlite.defaultStartParams, ...WAL_START_PARAMS, ...PLANNER_START_PARAMS],
      },
      hooks,
    );
    return dbOverPglite(thread, async () => release());
  } catch (error) {
    release();
    throw error;
  }
}
