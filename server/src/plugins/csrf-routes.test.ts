/**
 * Every call that writes needs the session's CSRF token, whatever its method (issue 51, item 2). The routes
 * are collected as the app registers them, so a new route is covered without a change here:
 * 1. every console route that writes (an unsafe method, or `writes()` in its config: the cron triggers),
 *    called as a logged-in super user with the session cookie but without X-CSRF-TOKEN, is refused with
 *    403 CSRF_REFUSAL, and no table changed;
 * 2. every console GET, called with the token, changes data only when its route is marked `writes` (so an
 *    unmarked GET that writes fails here), and every marked one does write when it runs (the check sees
 *    a change when there is one);
 * 3. the external API (X-API-TOKEN, no cookies) stays exempt.
 * Bookkeeping is left out of the comparison: sessions, users.last_activity, api_tokens.last_used_at, the
 * credential limiter's counts, the registry snapshot, and the refusals the audit trail records.
 */
import type { FastifyInstance, HTTPMethods, InjectOptions, RouteOptions } from 'fastify';
import type { OutgoingMail } from '../domain/outgoing-mail.js';
import { addMember, addUser, apiApp, DAY, HW_GUID, insertRole } from '../test/api-kit.js';
import { loginAs, type TestSession } from '../test/helper.js';
import { hashTokenSecret } from '../stores/tokens.store.js';
import { CSRF_REFUSAL } from './csrf.js';

interface Route {
  method: InjectOptions['method'] & string;
  url: string;
  writes: boolean;
  external: boolean;
  params: Record<string, { enum?: readonly string[]; examples?: readonly unknown[] }>;
  query: { required?: readonly string[]; properties?: Record<string, { examples?: unknown[] }> };
  body: boolean;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Console GETs that may write and are not marked, on purpose (plugins/csrf.ts): browser navigations that
 * cannot carry a header (the login, its callback) and the logout, which ends only the caller's session.
 */
const NAVIGATIONS = new Set(['/api/v1/users/login', '/api/v1/users/login/callback', '/api/v1/users/logout']);

const routes: Route[] = [];
const sent: OutgoingMail[] = [];
let app: FastifyInstance;
let admin: TestSession;
const ids = { role: 0, user: 0, userRole: 0, invitation: 0, token: 0, hash: 'open-invitation-hash' };

beforeAll(async () => {
  app = await apiApp({
    mailer: { send: async (mail) => void sent.push(mail) },
    // The seed route reaches its handler when allowed: a refusal here is the CSRF hook's.
    config: { performanceSeedAllowed: true },
    onRoute: (route: RouteOptions) => {
      if (!route.url.startsWith('/api/')) return;
      const schema = (route.schema ?? {}) as {
        params?: { properties?: Route['params'] };
        querystring?: Route['query'];
        body?: unknown;
      };
      const config = (route.config ?? {}) as { writes?: boolean; authentication?: string };
      for (const method of ([] as HTTPMethods[]).concat(route.method)) {
        routes.push({
          method: method as Route['method'],
          url: route.url,
          writes: config.writes === true,
          external: typeof config.authentication === 'string',
          params: schema.params?.properties ?? {},
          query: schema.querystring ?? {},
          body: schema.body !== undefined,
        });
      }
    },
  });
  admin = await loginAs(app, 'admin');
  ids.role = await insertRole(app, 'Wiki Editors', ['app-wiki']);
  ids.user = await addUser(app, 'victim@example.org');
  const days = (n: number) => new Date(Date.now() + n * DAY * 1000);
  // Work for every cron job: an ended membership, a membership ending soon (a mail), an expired invitation,
  // a long-inactive user, a user without memberships for long, an audit row past retention.
  ids.userRole = await addMember(app, ids.user, ids.role, 'GUEST', days(10));
  await addMember(app, await addUser(app, 'ended@example.org'), ids.role, 'GUEST', days(-1));
  await app.db.query("UPDATE users SET last_activity = now() - interval '3000 days' WHERE id = $1", [
    await addUser(app, 'inactive@example.org'),
  ]);
  await app.db.query("UPDATE users SET without_roles_since = now() - interval '400 days' WHERE id = $1", [
    await addUser(app, 'roleless@example.org'),
  ]);
  await app.db.query(
    "INSERT INTO audit_logs (entity_type, entity_id, action, created_at) VALUES ('role', 1, 'create', now() - interval '5000 days')",
  );
  const { rows } = await app.db.query<{ id: string }>(
    `INSERT INTO invitations (hash, email, intended_authority, expiry_date) VALUES
       ('expired-invitation-hash', 'old@example.org', 'GUEST', now() - interval '400 days'),
       ($1, 'open@example.org', 'GUEST', now() + interval '10 days') RETURNING id`,
    [ids.hash],
  );
  ids.invitation = Number(rows[1]!.id);
  await app.db.query('INSERT INTO invitation_roles (invitation_id, role_id) VALUES ($1, $2)', [
    ids.invitation,
    ids.role,
  ]);
  const token = await app.db.query<{ id: string }>(
    `INSERT INTO api_tokens (hashed_value, description, owner_id, super_user_token) VALUES ($1, 'csrf test', $2, true)
     RETURNING id`,
    [hashTokenSecret('csrf-walk-super-user-token'), admin.userId],
  );
  ids.token = Number(token.rows[0]!.id);
});
afterAll(() => app.close());

/** The route's path with every parameter filled by a value that names something that exists. */
function pathOf(route: Route): string {
  return route.url.replace(/:(\w+)/g, (_m, name: string) => {
    const allowed = route.params[name]?.enum;
    if (allowed?.length) return String(allowed.includes('role') ? 'role' : allowed[0]);
    if (name === 'roleId') return String(ids.role);
    if (name === 'userRoleId') return String(ids.userRole);
    if (name === 'manageId') return 'app-wiki';
    if (name === 'guid') return HW_GUID;
    if (name === 'id') {
      if (route.url.includes('/users/')) return String(ids.user);
      if (route.url.includes('/invitations/')) return String(ids.invitation);
      if (route.url.includes('/tokens/')) return String(ids.token);
      return String(ids.role);
    }
    return String(route.params[name]?.examples?.[0] ?? 'x');
  });
}

/** The path with the query parameters its schema requires. */
function urlOf(route: Route): string {
  const query = new URLSearchParams();
  for (const name of route.query.required ?? []) {
    const example = route.query.properties?.[name]?.examples?.[0];
    query.set(name, name === 'hash' ? ids.hash : String(example ?? 'x'));
  }
  const text = query.toString();
  return text ? `${pathOf(route)}?${text}` : pathOf(route);
}

const BOOKKEEPING_TABLES = new Set([
  'sessions',
  'credential_limits',
  'registry_snapshot',
  'schema_migrations',
]);
const BOOKKEEPING_COLUMNS: Record<string, readonly string[]> = {
  users: ['last_activity'],
  api_tokens: ['last_used_at'],
};
/** Rows a refusal may write: its own audit row, and the trail's kept number of rows (migration 044) with it. */
const KEPT_ROWS: Record<string, string> = {
  audit_logs: "action <> 'denied'",
  row_counts: "counted <> 'audit_logs'",
};

/** Per table: its row count and a checksum of its rows (bookkeeping left out). */
async function fingerprint(): Promise<Record<string, string>> {
  const { rows } = await app.db.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  const columns = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of rows) {
    if (BOOKKEEPING_TABLES.has(table) || BOOKKEEPING_COLUMNS[table]?.includes(column)) continue;
    columns.set(table, [...(columns.get(table) ?? []), column]);
  }
  const out: Record<string, string> = {};
  for (const [table, names] of columns) {
    const where = KEPT_ROWS[table] ? `WHERE ${KEPT_ROWS[table]}` : '';
    const { rows: sum } = await app.db.query<{ n: number; sum: string }>(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(x, E'\\n' ORDER BY x), '')) AS sum
         FROM (SELECT ROW(${names.map((n) => `"${n}"`).join(', ')})::text AS x FROM "${table}" ${where}) s`,
    );
    out[table] = `${sum[0]!.n}:${sum[0]!.sum}`;
  }
  return out;
}

function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
}

const consoleRoutes = () => routes.filter((r) => !r.external);
const needsToken = (r: Route) => UNSAFE.has(r.method) || r.writes;

it('marks the cron triggers as writing, and no external route', () => {
  const marked = routes.filter((r) => r.writes && r.method === 'GET').map((r) => r.url);
  expect(marked.sort()).toEqual(
    [
      '/api/v1/system/cron/audit-retention',
      '/api/v1/system/cron/cleanup',
      '/api/v1/system/cron/expiry-notifications',
      '/api/v1/system/cron/inactive-users',
      '/api/v1/system/cron/users-without-roles',
    ].sort(),
  );
  // Fastify's HEAD twin of a GET runs the GET's handler: it is marked too.
  expect(
    routes
      .filter((r) => r.writes && r.method === 'HEAD')
      .map((r) => r.url)
      .sort(),
  ).toEqual(marked.sort());
  expect(routes.filter((r) => r.external && r.writes)).toEqual([]);
});

it('refuses every console call that writes without X-CSRF-TOKEN (403), before anything changes', async () => {
  const writing = consoleRoutes().filter(needsToken);
  expect(writing.length).toBeGreaterThan(25);
  const before = await fingerprint();
  const mails = sent.length;
  const answers: string[] = [];
  for (const route of writing) {
    const options: InjectOptions = {
      method: route.method,
      url: urlOf(route),
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      ...(route.body ? { payload: '{}' } : {}),
    };
    const res = await app.inject(options);
    const message = route.method === 'HEAD' ? CSRF_REFUSAL : res.json().message;
    answers.push(
      `${route.method} ${route.url} ${res.statusCode} ${message === CSRF_REFUSAL ? 'csrf' : message}`,
    );
    // A wrong token is no better than none.
    const wrong = await app.inject({ ...options, headers: { ...options.headers, 'x-csrf-token': 'wrong' } });
    expect([route.method, route.url, wrong.statusCode]).toEqual([route.method, route.url, 403]);
  }
  expect(answers).toEqual(writing.map((r) => `${r.method} ${r.url} 403 csrf`));
  expect(changedTables(before, await fingerprint())).toEqual([]);
  expect(sent.length).toBe(mails);
});

it('lets only the routes marked `writes` change data among the console GETs, and each of those does', async () => {
  const gets = consoleRoutes().filter((r) => r.method === 'GET');
  // The unmarked first, then the marked (which remove what the others would read).
  const ordered = [...gets.filter((r) => !r.writes), ...gets.filter((r) => r.writes)];
  const writers: string[] = [];
  const statuses: string[] = [];
  for (const route of ordered) {
    // The logout ends the session it is called with: a session of its own.
    const session = route.url === '/api/v1/users/logout' ? await loginAs(app, 'admin') : admin;
    const before = await fingerprint();
    const mails = sent.length;
    const res = await app.inject({ method: 'GET', url: urlOf(route), headers: session.headers });
    statuses.push(`${route.url} ${res.statusCode}`);
    const changed = changedTables(before, await fingerprint());
    if (changed.length > 0 || sent.length > mails) writers.push(route.url);
    if (route.writes) expect([route.url, res.statusCode]).toEqual([route.url, 200]);
  }
  expect(statuses.filter((s) => / 5\d\d$/.test(s))).toEqual([]);
  // Most GETs answer with data: the walk reaches their handlers, not only their refusals.
  expect(statuses.filter((s) => / 200$/.test(s)).length).toBeGreaterThan(gets.length * 0.8);
  expect(writers.filter((url) => !NAVIGATIONS.has(url)).sort()).toEqual(
    gets
      .filter((r) => r.writes)
      .map((r) => r.url)
      .sort(),
  );
});

it('leaves the external API exempt: an API token without cookies writes with no CSRF token', async () => {
  const headers = { 'x-api-token': 'csrf-walk-super-user-token' };
  const role = await insertRole(app, 'Removed By Token', ['app-wiki']);
  const res = await app.inject({ method: 'DELETE', url: `/api/external/v1/roles/${role}`, headers });
  expect(res.statusCode).toBe(204);
  expect((await app.db.query('SELECT 1 FROM roles WHERE id = $1', [role])).rowCount).toBe(0);
  const list = await app.inject({ method: 'GET', url: '/api/external/v1/roles', headers });
  expect(list.statusCode).toBe(200);
});
