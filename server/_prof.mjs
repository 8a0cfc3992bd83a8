import { openPglite } from './dist/db/pglite-db.js';
import { migrate } from './dist/db/migrate.js';
import { performanceSeed } from './dist/seed/performance-seed.js';
import { searchUsers } from './dist/stores/user-search.store.js';
const db = await openPglite('memory');
await migrate(db);
let t = Date.now();
await performanceSeed(db, {});
console.log('seed', Date.now() - t);
await db.query('ANALYZE');
const orig = db.query.bind(db);
let lastSql, lastParams;
const spy = { query: (s, p) => { lastSql = s; lastParams = p; return orig(s, p); } };
for (const query of ['user', 'perf user 4711']) {
  await searchUsers(spy, { query, pageNumber: 0, pageSize: 10 });
  const n = 200; t = performance.now();
  for (let i = 0; i < n; i++) await searchUsers(db, { query, pageNumber: 0, pageSize: 10 });
  console.log(query, ((performance.now() - t) / n).toFixed(2), 'ms/search');
  const { rows } = await db.query('EXPLAIN (ANALYZE, BUFFERS) ' + lastSql, lastParams);
  console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
}
await db.close();
