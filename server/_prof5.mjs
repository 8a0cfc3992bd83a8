import { openPglite } from './dist/db/pglite-db.js';
import { migrate } from './dist/db/migrate.js';
import { performanceSeed } from './dist/seed/performance-seed.js';
import { searchInvitations, INVITATION_SORT, INVITATION_SELECT, INVITATION_FROM } from './dist/stores/invitations.store.js';
import { searchRoles, ROLE_SELECT } from './dist/stores/roles.store.js';
import { pageSql } from './dist/domain/paging.js';
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
const user = { id: 1, superUser: true, userRoles: [] };
const page = pageSql({ pageNumber: 0, pageSize: 10 }, INVITATION_SORT, 10);
console.log(page);
await time('searchInvitations', () => searchInvitations(db, { user, page }));
const ROLE_ROWS = `(SELECT json_agg(rs) FROM (SELECT ${ROLE_SELECT} FROM roles r
    WHERE r.id IN (SELECT ir.role_id FROM invitation_roles ir WHERE ir.invitation_id = i.id)) rs) AS role_rows`;
await time('page only', () => db.query(`SELECT ${INVITATION_SELECT} FROM ${INVITATION_FROM} WHERE TRUE ${page.tail}`, [], { prepare: true }));
await time('page + role rows', () => db.query(`SELECT ${INVITATION_SELECT}, ${ROLE_ROWS} FROM ${INVITATION_FROM} WHERE TRUE ${page.tail}`, [], { prepare: true }));
await time('count only', () => db.query(`SELECT (SELECT count(*) FROM (SELECT 1 FROM invitations i WHERE TRUE LIMIT 1001) c)::int AS total`, [], { prepare: true }));
const ROLE_NOCOUNT = ROLE_SELECT.replace(/,\s*\(SELECT count\(\*\) FROM user_roles[^]*$/, '');
await time('page + role rows no member count', () => db.query(`SELECT ${INVITATION_SELECT}, (SELECT json_agg(rs) FROM (SELECT ${ROLE_NOCOUNT} FROM roles r
    WHERE r.id IN (SELECT ir.role_id FROM invitation_roles ir WHERE ir.invitation_id = i.id)) rs) AS role_rows FROM ${INVITATION_FROM} WHERE TRUE ${page.tail}`, [], { prepare: true }));
const rpage = pageSql({ pageNumber: 0, pageSize: 10 }, { name: 'lower(r.name)' }, 10);
const registry = { providers: async () => [] , applicationsByManageIds: async () => []};
await time('roles full', () => db.query(`SELECT ${ROLE_SELECT}, (SELECT count(*) FROM roles r WHERE TRUE)::int AS total FROM roles r WHERE TRUE ${rpage.tail}`, [], { prepare: true }));
await time('roles no member count', () => db.query(`SELECT ${ROLE_NOCOUNT}, (SELECT count(*) FROM roles r WHERE TRUE)::int AS total FROM roles r WHERE TRUE ${rpage.tail}`, [], { prepare: true }));
await db.close();
