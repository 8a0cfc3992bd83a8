/**
 * API tokens reach the external API only: on the console's API (`/api/v1`) every route refuses them, a
 * super user's valid token too, and every spelling of a path the router may accept (percent-escapes, %2F,
 * doubled and trailing slashes, upper case, dot segments, a semicolon) either reaches no route (404) or is
 * refused (403). Nothing changes either way.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { addMember, apiApp, count, DAY, insertRole, loginPersonas, type Sessions } from '../test/api-kit.js';
import { hashTokenSecret } from '../stores/tokens.store.js';
import { TOKEN_ON_CONSOLE_ROUTE } from './token-reach.js';

let app: FastifyInstance;
let s: Sessions;
let superToken: string;
let managerToken: string;
/** A token the manager made in the browser: a token call must never delete it. */
let victimTokenId: number;
/** An ended membership: a cleanup run by a token would delete it. */
let endedUserRoleId: number;

async function storeToken(ownerId: number, superUser: boolean, description: string) {
  const secret = randomBytes(32).toString('base64url');
  const { rows } = await app.db.query<{ id: string }>(
    'INSERT INTO api_tokens (hashed_value, description, owner_id, super_user_token) VALUES ($1, $2, $3, $4) RETURNING id',
    [hashTokenSecret(secret), description, ownerId, superUser],
  );
  return { secret, id: Number(rows[0].id) };
}

beforeAll(async () => {
  app = await apiApp({ mailer: { send: async () => undefined } });
  s = await loginPersonas(app);
  superToken = (await storeToken(s.admin.userId, true, 'admin script')).secret;
  managerToken = (await storeToken(s.manager.userId, false, 'manager script')).secret;
  victimTokenId = (await storeToken(s.manager.userId, false, 'made in the browser')).id;
  const wiki = await insertRole(app, 'Wiki Editors', ['app-wiki']);
  await addMember(app, s.manager.userId, wiki, 'MANAGER');
  endedUserRoleId = await addMember(
    app,
    s.guest.userId,
    wiki,
    'GUEST',
    new Date(Date.now() - 2 * DAY * 1000),
  );
});
afterAll(() => app.close());

/** The routes a token once reached and must never: with a path after `/api/v1/` and a method. */
const forbidden = (): Array<[InjectOptions['method'], string]> => [
  ['GET', 'tokens'],
  ['GET', 'tokens/generate-token'],
  ['POST', 'tokens'],
  ['DELETE', `tokens/${victimTokenId}`],
  ['GET', 'system/cron/cleanup'],
  ['GET', 'system/cron/expiry-notifications'],
  ['GET', 'system/unknown-roles'],
  ['GET', 'system/expiry-user-roles'],
  ['GET', 'system/performance-seed'],
  ['PUT', 'system/performance-seed'],
  ['GET', 'csrf'],
  ['GET', 'users/login'],
  ['GET', 'users/login/callback'],
  ['GET', 'users/logout'],
];

const escape = (c: string) => `%${c.charCodeAt(0).toString(16)}`;

/** The spellings of `/api/v1/<rest>` tried for each forbidden route; `routed` ones still match the route. */
function spellings(rest: string): Array<{ url: string; routed: boolean }> {
  const segments = rest.split('/');
  const last = segments.length - 1;
  const withLast = (text: string) => [...segments.slice(0, last), text].join('/');
  const list = [
    { url: `/api/v1/${rest}`, routed: true },
    { url: `/api/v1/${escape(rest[0])}${rest.slice(1)}`, routed: true },
    { url: `/api/v1/${escape(rest[0]).toUpperCase()}${rest.slice(1)}`, routed: true },
    {
      url: `/api/v1/${[...segments[0]].map(escape).join('')}${rest.slice(segments[0].length)}`,
      routed: true,
    },
    { url: `/api/v1/${withLast(escape(segments[last][0]) + segments[last].slice(1))}`, routed: true },
    { url: `/api/v1%2F${rest}`, routed: false },
    { url: `/api/v1%2f${escape(rest[0])}${rest.slice(1)}`, routed: false },
    { url: `/api/v1//${rest}`, routed: false },
    { url: `//api/v1/${rest}`, routed: false },
    { url: `/api//v1/${rest}`, routed: false },
    { url: `/api/v1/${rest}/`, routed: false },
    { url: `/api/v1/${rest}//`, routed: false },
    { url: `/api/v1/${rest}%2F`, routed: false },
    { url: `/api/v1/${rest.toUpperCase()}`, routed: false },
    { url: `/API/V1/${rest}`, routed: false },
    { url: `/api/v1/${rest[0].toUpperCase()}${rest.slice(1)}`, routed: false },
    { url: `/api/v1/./${rest}`, routed: false },
    { url: `/api/v1/x/../${rest}`, routed: false },
    { url: `/api/v1/x/%2e%2e/${rest}`, routed: false },
    { url: `/api/v1/${rest};x=1`, routed: false },
    { url: `/%61pi/v1/${rest}`, routed: false },
  ];
  if (last > 0) {
    list.push({ url: `/api/v1/${segments.join('%2F')}`, routed: false });
    list.push({ url: `/api/v1/${segments.join('//')}`, routed: false });
  }
  return list;
}

async function tryAll(token: string) {
  const reached: string[] = [];
  for (const [method, rest] of forbidden()) {
    for (const { url, routed } of spellings(rest)) {
      const res = await app.inject({
        method,
        url,
        headers: { 'x-api-token': token, 'content-type': 'application/json' },
        ...(method === 'POST' ? { payload: { description: 'via a token' } } : {}),
      });
      // A spelling the router still matches must be refused by the rule itself; any other must reach
      // no route at all (404, a 400 for a path the server will not read, or outside /api/ the console's
      // page: text, not a route's JSON). Anything else is a handler the token reached.
      const consolePage = !url.startsWith('/api/') && /^text\//.test(String(res.headers['content-type']));
      const expected = routed ? [403] : [400, 403, 404];
      if (!expected.includes(res.statusCode) && !consolePage)
        reached.push(`${method} ${url} -> ${res.statusCode}`);
      if (routed && res.statusCode === 403 && res.json().message !== TOKEN_ON_CONSOLE_ROUTE)
        reached.push(`${method} ${url} refused for another reason: ${res.json().message}`);
    }
  }
  return reached;
}

/** What a call that reached a handler could change. */
const TABLES = ['api_tokens', 'audit_logs', 'user_roles', 'roles', 'invitations', 'users'];
/** The rows of each table; of the audit trail, the changes (its refusals are written, plugins/refusal-audit.ts). */
const counts = async () =>
  Promise.all(
    TABLES.map(async (table) =>
      table === 'audit_logs'
        ? Number(
            (await app.db.query("SELECT count(*) AS n FROM audit_logs WHERE action <> 'denied'")).rows[0]!.n,
          )
        : count(app, table),
    ),
  );

describe('an API token', () => {
  it.each([
    ['a super user', () => superToken],
    ["a manager's", () => managerToken],
  ])('of %s never reaches a once-forbidden route, however its path is spelled', async (_who, token) => {
    const before = await counts();
    expect(await tryAll(token())).toEqual([]);
    // Nothing changed: the browser's token is still there, the cleanup did not run.
    expect(await counts()).toEqual(before);
    const victim = await app.db.query('SELECT id FROM api_tokens WHERE id = $1', [victimTokenId]);
    expect(victim.rows).toHaveLength(1);
    const ended = await app.db.query('SELECT id FROM user_roles WHERE id = $1', [endedUserRoleId]);
    expect(ended.rows).toHaveLength(1);
  });

  it("is refused by every route of the console's API, as described in its document, spelled with escapes too", async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const operations = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
      ([route, item]) =>
        Object.keys(item)
          .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
          .map((method) => [method.toUpperCase(), route.replace(/\{[^}]+\}/g, '1')] as const),
    );
    expect(operations.length).toBeGreaterThan(40);
    const before = await counts();
    const reached: string[] = [];
    for (const [method, url] of operations) {
      for (const spelled of [url, `/api/v1/%${url.charCodeAt(8).toString(16)}${url.slice(9)}`]) {
        const res = await app.inject({
          method: method as InjectOptions['method'],
          url: spelled,
          headers: { 'x-api-token': superToken, 'content-type': 'application/json' },
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        if (res.statusCode !== 403 || res.json().message !== TOKEN_ON_CONSOLE_ROUTE)
          reached.push(`${method} ${spelled} -> ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(reached).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('on a path that names no route is told there is none (404), under the external API too', async () => {
    for (const url of ['/api/external/v1/invite/roles', '/api/external/v1/rolez', '/api/v1/no-such-thing']) {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
        const res = await app.inject({ method, url, headers: { 'x-api-token': superToken } });
        expect([url, res.statusCode, res.json().message ?? res.json().detail]).toEqual([
          url,
          404,
          `No route for ${method} ${url}`,
        ]);
      }
    }
  });

  it('reaches the external API, where its reach is its own', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/external/v1/roles',
      headers: { 'x-api-token': superToken },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe("the router's options", () => {
  it('match a path exactly as registered: case, slashes and semicolons are not folded', async () => {
    // A session user (not a token) sees the same router: only the registered spelling is a route.
    for (const url of ['/api/v1/users/me/', '/api/v1//users/me', '/api/v1/USERS/me', '/api/v1/users/me;x']) {
      const res = await app.inject({ method: 'GET', url, headers: s.admin.headers });
      // No route: a 404, or, once the shell is built, its static files' refusal of a doubled slash (403).
      expect([url, [403, 404].includes(res.statusCode)]).toEqual([url, true]);
      expect(res.body).not.toContain('"superUser"');
    }
  });
});

describe("the external API's authentication", () => {
  const roles = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/external/v1/roles', headers });

  it('answers 401 without a token, with an empty one or an unknown one, saying which', async () => {
    for (const headers of [{}, { 'x-api-token': '' }] as Record<string, string>[]) {
      const res = await roles(headers);
      expect([res.statusCode, res.json().detail]).toEqual([
        401,
        'This call needs an API token in the X-API-TOKEN header (made on the tokens page)',
      ]);
    }
    const unknown = await roles({ 'x-api-token': 'not-a-token-of-anyone' });
    expect([unknown.statusCode, unknown.json().detail]).toEqual([
      401,
      'Unknown API token: check the X-API-TOKEN header',
    ]);
  });

  it('refuses a token with X-IMPERSONATE-ID (403); an empty header is no impersonation', async () => {
    const refused = await roles({ 'x-api-token': superToken, 'x-impersonate-id': String(s.guest.userId) });
    expect([refused.statusCode, refused.json().detail]).toEqual([
      403,
      'An API token cannot impersonate: leave out X-IMPERSONATE-ID',
    ]);
    expect((await roles({ 'x-api-token': superToken, 'x-impersonate-id': '' })).statusCode).toBe(200);
  });

  it('records a use of the token, at most once a minute', async () => {
    const { secret, id } = await storeToken(s.admin.userId, true, 'used once');
    const lastUsed = async () =>
      (
        await app.db.query<{ at: string | null }>(
          'SELECT last_used_at::text AS at FROM api_tokens WHERE id = $1',
          [id],
        )
      ).rows[0].at;
    expect(await lastUsed()).toBeNull();
    expect((await roles({ 'x-api-token': secret })).statusCode).toBe(200);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    expect((await roles({ 'x-api-token': secret })).statusCode).toBe(200);
    expect(await lastUsed()).toBe(first);
  });
});
