import { openPglite } from './dist/db/pglite-db.js';
import { migrate } from './dist/db/migrate.js';
import { performanceSeed } from './dist/seed/performance-seed.js';
import { searchUsers } from './dist/stores/user-search.store.js';
const db = await openPglite('memory');
await migrate(db);
await performanceSeed(db, {});
await db.query('ANALYZE');
async function time(label, fn) {
  for (let i = 0; i < 30; i++) await fn();
  const n = 300; const t = performance.now();
  for (let i = 0; i < n; i++) await fn();
  console.log(label.padEnd(50), ((performance.now() - t) / n).toFixed(3), 'ms');
}
const cols = `u.id, u.sub, u.name, u.email, u.schac_home_organization, u.super_user, u.institution_admin, u.created_at, u.last_activity, ARRAY(SELECT DISTINCT ur.authority FROM user_roles ur WHERE ur.user_id = u.id) AS authorities`;
const ORDER = 'lower(u.name) ASC NULLS FIRST, u.id ASC';
async function split(text) {
  const { rows: [p] } = await db.query(`SELECT count(*)::int AS n, array_agg(id) AS ids FROM (SELECT u.id FROM users u WHERE u.search_words @@ user_search_query($1) LIMIT 1001) p`, [text]);
  if (p.n <= 1000) {
    return (await db.query(`SELECT ${cols} FROM users u WHERE u.id = ANY($1::bigint[]) ORDER BY ${ORDER} LIMIT $2 OFFSET $3`, [p.ids, 10, 0], { prepare: true })).rows;
  }
  return (await db.query(`SELECT ${cols} FROM users u WHERE u.search_words @@ user_search_query($1) ORDER BY ${ORDER} LIMIT 10 OFFSET 0`, [text])).rows;
}
async function split2(text) {
  const { rows: [p] } = await db.query(`SELECT count(*)::int AS n FROM (SELECT 1 FROM users u WHERE u.search_words @@ user_search_query($1) LIMIT 1001) p`, [text]);
  return (await db.query(`SELECT ${cols} FROM users u WHERE u.search_words @@ user_search_query($1) ORDER BY ${ORDER} LIMIT 10 OFFSET 0`, [text])).rows;
}
for (const q of ['user', 'perf user 4711', 'perf user 47']) {
  await time(`current ${q}`, () => searchUsers(db, { query: q, pageNumber: 0, pageSize: 10 }));
  await time(`split ${q}`, () => split(q));
  await time(`split2 ${q}`, () => split2(q));
}
await time('page by ids only', () => db.query(`SELECT ${cols} FROM users u WHERE u.id = ANY($1::bigint[]) ORDER BY ${ORDER} LIMIT $2 OFFSET $3`, [[1,2,3,4,5,6,7,8,9,10,11], 10, 0], { prepare: true }));
await time('broad page only', () => db.query(`SELECT ${cols} FROM users u WHERE u.search_words @@ user_search_query($1) ORDER BY ${ORDER} LIMIT 10 OFFSET 0`, ['user']));
await time('broad page only prepared', () => db.query(`SELECT ${cols} FROM users u WHERE u.search_words @@ user_search_query($1) ORDER BY ${ORDER} LIMIT 10 OFFSET 0`, ['user'], {prepare:true}));
await time('broad page no auth', () => db.query(`SELECT u.id, u.sub, u.name, u.email, u.schac_home_organization, u.super_user, u.institution_admin, u.created_at, u.last_activity FROM users u WHERE u.search_words @@ user_search_query($1) ORDER BY ${ORDER} LIMIT 10 OFFSET 0`, ['user']));
await time('select 1', () => db.query(`SELECT 1`));
await db.close();
