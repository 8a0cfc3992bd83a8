import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { MAX_PREPARED_TEXTS } from '../db/pool-db.js';
import { INVITATION_SORT, STATUS_FILTER } from '../stores/invitations.store.js';
import { apiApp, call, loginPersonas, type Sessions } from '../test/api-kit.js';

/**
 * What a logged-in guest's searches cost the database's memory: every value is a parameter, so however
 * many page sizes, sorts, directions and statuses are asked for, the statements a connection prepares
 * stay the few the code holds. (When `LIMIT ${size}` was written into named statements, a few thousand
 * searches grew a PostgreSQL backend's memory many times over, and more ran PGlite out of memory.)
 */
const SEARCHES = 10_000;
const MB = 2 ** 20;

let app: FastifyInstance;
let s: Sessions;
beforeAll(async () => {
  app = await apiApp();
  s = await loginPersonas(app);
});
afterAll(() => app.close());

/** The `i`-th search of the sweep: page sizes 1-1,000 across every sort key, direction and status. */
function searchUrl(i: number): string {
  const sorts = Object.keys(INVITATION_SORT);
  const statuses = Object.keys(STATUS_FILTER);
  const params = new URLSearchParams({
    pageSize: String((i % 1000) + 1),
    pageNumber: String(i % 7),
    sort: sorts[i % sorts.length],
    sortDirection: i % 2 === 0 ? 'ASC' : 'DESC',
    status: statuses[Math.floor(i / 2) % statuses.length],
  });
  if (i % 3 === 0) params.set('query', `guest ${i % 11}`);
  return `/api/v1/invitations/search?${params}`;
}

/**
 * The private memory (not shared buffers) of the largest PostgreSQL backend serving this app's database, in
 * bytes. The largest, not their sum: the pools close a connection idle for ten seconds and open another when
 * the searches come back to it, and each grows to the same working size (about 21 MB here) without a
 * statement more, so the sum jumped by a backend in some runs and not in others. A statement prepared per
 * value grows the one connection that prepares them, past any working size.
 */
async function backendMemory(): Promise<number | null> {
  const { rows } = await app.db.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'access-portal'",
  );
  let largest = 0;
  for (const { pid } of rows) {
    let status: string;
    try {
      status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    } catch {
      return null; // Another machine's (or another user's) server: not readable from here.
    }
    largest = Math.max(largest, Number(/^RssAnon:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024);
  }
  return largest;
}

/** The memory of the one backend PGlite runs (its memory contexts: plans and prepared statements live there). */
async function pgliteBackendMemory(): Promise<number> {
  const { rows } = await app.db.query<{ n: number }>(
    'SELECT sum(total_bytes)::bigint AS n FROM pg_backend_memory_contexts',
  );
  return Number(rows[0].n);
}

async function sweep(from: number, to: number): Promise<void> {
  for (let i = from; i < to; i++) {
    const res = await call(app, s.guest, 'GET', searchUrl(i));
    if (res.statusCode !== 200) throw new Error(`${searchUrl(i)}: ${res.statusCode} ${res.body}`);
  }
}

it(`${SEARCHES} searches by a guest over every page size, sort, direction and status leave the memory as it was`, async () => {
  // Warm: the code's statements prepared (every shape comes round within 90 searches), and the allocators at
  // their working size: a first pass over every page size, up to 1,000 rows (a backend keeps the memory its
  // largest page took; measured from 300 searches, whose pages reach 300 rows, the larger pages after them
  // grew it by 17-25 MB without a statement more).
  await sweep(0, 1000);
  const backendBefore = app.db.kind === 'postgres' ? await backendMemory() : await pgliteBackendMemory();
  await sweep(1000, SEARCHES);
  // On the prepared statements' connection (pool-db.ts PLAN_GENERIC).
  const { rows } = await app.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM pg_prepared_statements',
    [],
    {
      prepare: true,
    },
  );
  // The statements this connection prepared: the texts the code can make (a search without a text is
  // prepared once per sort key, direction and status), never one per value asked for.
  const shapes = Object.keys(INVITATION_SORT).length * 2 * Object.keys(STATUS_FILTER).length;
  expect(rows[0].n).toBeLessThan(Math.min(shapes + 20, MAX_PREPARED_TEXTS));
  if (app.db.kind === 'pglite') {
    // PGlite's backend runs inside the server's process: what it holds is the server's memory. (The test
    // process's own size says little here: jest and its other tests share it.)
    expect((await pgliteBackendMemory()) - backendBefore!).toBeLessThan(50 * MB);
  } else {
    const backendAfter = await backendMemory();
    if (backendBefore !== null && backendAfter !== null)
      expect(backendAfter - backendBefore).toBeLessThan(20 * MB);
  }
}, 300_000);
