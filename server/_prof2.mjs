import { openPglite } from './dist/db/pglite-db.js';
import { migrate } from './dist/db/migrate.js';
import { performanceSeed } from './dist/seed/performance-seed.js';
const db = await openPglite('memory');
await migrate(db);
await performanceSeed(db, {});
await db.query('ANALYZE');
async function time(label, sql, params, prepare) {
  for (let i = 0; i < 20; i++) await db.query(sql, params, { prepare });
  const n = 300; const t = performance.now();
  for (let i = 0; i < n; i++) await db.query(sql, params, { prepare });
  console.log(label.padEnd(40), ((performance.now() - t) / n).toFixed(3), 'ms');
}
const Q = `user_search_query($1)`;
await time('floor pk', 'SELECT id, name FROM users WHERE id = $1', [4711], true);
await time('floor pk unprepared', 'SELECT id, name FROM users WHERE id = $1', [4711], false);
await time('count probe', `SELECT count(*) FROM (SELECT 1 FROM users u WHERE u.search_words @@ ${Q} LIMIT 1001) c`, ['user'], false);
await time('count probe prepared', `SELECT count(*) FROM (SELECT 1 FROM users u WHERE u.search_words @@ ${Q} LIMIT 1001) c`, ['user'], true);
await time('count probe lower', `SELECT count(k) FROM (SELECT lower(name) k FROM users u WHERE u.search_words @@ ${Q} LIMIT 1001) c`, ['user'], false);
await time('count probe const tsq', `SELECT count(*) FROM (SELECT 1 FROM users u WHERE u.search_words @@ $1::tsquery LIMIT 1001) c`, ['user:*'], false);
await time('count 1001 no filter', `SELECT count(*) FROM (SELECT 1 FROM users u LIMIT 1001) c`, [], false);
await time('page by name', `SELECT id FROM users u WHERE u.search_words @@ ${Q} ORDER BY lower(name), id LIMIT 10`, ['user'], false);
await time('narrow count', `SELECT count(*) FROM (SELECT 1 FROM users u WHERE u.search_words @@ ${Q} LIMIT 1001) c`, ['perf user 4711'], false);
await time('narrow count prepared', `SELECT count(*) FROM (SELECT 1 FROM users u WHERE u.search_words @@ ${Q} LIMIT 1001) c`, ['perf user 4711'], true);
await time('narrow 4711 only', `SELECT count(*) FROM (SELECT 1 FROM users u WHERE u.search_words @@ ${Q} LIMIT 1001) c`, ['4711'], false);
await db.close();
