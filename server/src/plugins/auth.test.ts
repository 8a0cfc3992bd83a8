import { jest } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import type { User } from 'shared-auth/rules';
import { createRole, grantRole } from '../test/fixtures.js';
import { buildTestApp, cookiesFrom, loginAs } from '../test/helper.js';
import { hashTokenSecret } from '../stores/tokens.store.js';
import { requireUser } from './auth.js';
import { purgeExpiredSessions } from './session.js';
import { TOKEN_ON_CONSOLE_ROUTE } from './token-reach.js';

// A pure check: no database (docs/mutation-testing.md).
describe('requireUser', () => {
  it("lets a user through and refuses no user with 401 'Not logged in'", () => {
    const user = { id: 7, email: 'someone@example.org' } as User;
    expect(requireUser(user)).toBe(user);
    expect(() => requireUser(null)).toThrow(
      expect.objectContaining({ statusCode: 401, message: 'Not logged in' }),
    );
  });
});

describe('authentication', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const me = (headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/v1/users/me', headers });

  describe('impersonation', () => {
    it('lets a super user act as another user, audited once per session and target', async () => {
      const admin = await loginAs(app, 'admin');
      const guest = await loginAs(app, 'guest');
      const role = await createRole(app, 'Impersonated');
      await grantRole(app, guest.userId, role, 'GUEST');

      for (let i = 0; i < 2; i++) {
        const res = await me({ ...admin.headers, 'x-impersonate-id': String(guest.userId) });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          email: 'guest@example.org',
          superUser: false,
          highestAuthority: 'GUEST',
        });
        expect(res.json().userRoles[0].role).toMatchObject({
          name: 'Impersonated',
          applicationMaps: [{ id: 'app-wiki', 'name:en': 'Wiki' }],
        });
      }
      const { rows } = await app.db.query<{ actor_id: number; impersonator_id: number; entity_id: number }>(
        "SELECT actor_id, impersonator_id, entity_id FROM audit_logs WHERE action = 'impersonate'",
      );
      expect(rows).toEqual([
        { actor_id: admin.userId, impersonator_id: admin.userId, entity_id: guest.userId },
      ]);
    });

    it('refuses anyone but a super user with 403', async () => {
      const manager = await loginAs(app, 'manager');
      const guest = await loginAs(app, 'guest');
      const res = await me({ ...manager.headers, 'x-impersonate-id': String(guest.userId) });
      expect([res.statusCode, res.json().message]).toEqual([403, 'Only a super user may impersonate']);
    });

    it('answers 404 for an unknown user and 400 for a malformed id', async () => {
      const admin = await loginAs(app, 'admin');
      expect((await me({ ...admin.headers, 'x-impersonate-id': '987654' })).statusCode).toBe(404);
      expect((await me({ ...admin.headers, 'x-impersonate-id': 'drop table' })).statusCode).toBe(400);
    });
    it('takes only a user id of at most 15 digits; an empty header acts as oneself', async () => {
      const admin = await loginAs(app, 'admin');
      const guest = await loginAs(app, 'guest');
      for (const id of ['1234567890123456', `${guest.userId}x`, `x${guest.userId}`, '-1', '1.5']) {
        const res = await me({ ...admin.headers, 'x-impersonate-id': id });
        expect([id, res.statusCode, res.json().message]).toEqual([
          id,
          400,
          'X-IMPERSONATE-ID must be a user id',
        ]);
      }
      expect((await me({ ...admin.headers, 'x-impersonate-id': '123456789012345' })).json().message).toBe(
        'User 123456789012345 not found',
      );
      const self = await me({ ...admin.headers, 'x-impersonate-id': '' });
      expect([self.statusCode, self.json().email]).toEqual([200, 'admin@example.org']);
    });

    it('audits each target once per session, and again in another session', async () => {
      const manager = await loginAs(app, 'manager');
      const inviter = await loginAs(app, 'inviter');
      const audited = async () =>
        (
          await app.db.query<{ entity_id: number }>(
            "SELECT entity_id FROM audit_logs WHERE action = 'impersonate' AND entity_id = ANY($1) ORDER BY id",
            [[manager.userId, inviter.userId]],
          )
        ).rows.map((row) => row.entity_id);
      const first = await loginAs(app, 'admin');
      for (const target of [manager, inviter, manager, inviter]) {
        const res = await me({ ...first.headers, 'x-impersonate-id': String(target.userId) });
        expect(res.statusCode).toBe(200);
      }
      expect(await audited()).toEqual([manager.userId, inviter.userId]);
      // The session remembers exactly whom it impersonated, and nothing else.
      const remembered = await app.db.query<{ seen: unknown }>(
        "SELECT data -> 'impersonated' AS seen FROM sessions WHERE data ->> 'csrfToken' = $1",
        [first.csrf],
      );
      expect(remembered.rows).toEqual([{ seen: [manager.userId, inviter.userId] }]);
      const second = await loginAs(app, 'admin');
      await me({ ...second.headers, 'x-impersonate-id': String(manager.userId) });
      expect(await audited()).toEqual([manager.userId, inviter.userId, manager.userId]);
    });
  });

  describe('API tokens', () => {
    /** A token of the admin's, stored as the tokens page stores it. */
    async function adminToken(secret: string, superUserToken = true) {
      const admin = await loginAs(app, 'admin');
      await app.db.query(
        `INSERT INTO api_tokens (hashed_value, description, owner_id, super_user_token) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING`,
        [hashTokenSecret(secret), secret, admin.userId, superUserToken],
      );
      return admin;
    }

    it("are refused on the console's API, a super user's valid token too, naming the external API", async () => {
      const admin = await adminToken('admin-token-console');
      for (const headers of [
        { 'x-api-token': 'admin-token-console' },
        { 'x-api-token': 'not-a-token' },
        // A token beside a session is refused all the same: the console never sends one.
        { ...admin.headers, 'x-api-token': 'admin-token-console' },
      ]) {
        const res = await me(headers);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(TOKEN_ON_CONSOLE_ROUTE);
      }
      // The same token works where tokens belong.
      const external = await app.inject({
        method: 'GET',
        url: '/api/external/v1/roles',
        headers: { 'x-api-token': 'admin-token-console' },
      });
      expect(external.statusCode).toBe(200);
    });

    it('never impersonate, and the refusal is audited as a refusal, not as an impersonation', async () => {
      await adminToken('admin-token-x');
      const guest = await loginAs(app, 'guest');
      const audited = (action: string) =>
        app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_logs WHERE action = $1', [action]);
      const before = await audited('impersonate');
      const refusals = (await audited('denied')).rows[0].n;
      const asAdmin = await me({ 'x-api-token': 'admin-token-x', 'x-impersonate-id': String(guest.userId) });
      expect(asAdmin.statusCode).toBe(403);
      expect((await audited('impersonate')).rows).toEqual(before.rows);
      expect((await audited('denied')).rows[0].n).toBe(refusals + 1);
    });

    it.each([
      ['GET', '/api/v1/tokens'],
      ['GET', '/api/v1/tokens/generate-token'],
      ['POST', '/api/v1/tokens'],
      ['DELETE', '/api/v1/tokens/1'],
      ['GET', '/api/v1/system/cron/cleanup'],
      ['GET', '/api/v1/system/unknown-roles'],
      ['PUT', '/api/v1/system/performance-seed'],
      ['GET', '/api/v1/users/logout'],
      ['GET', '/api/v1/users/login'],
      ['GET', '/api/v1/csrf'],
      ['POST', '/api/v1/roles'],
      ['DELETE', '/api/v1/user_roles/1/2'],
    ])("keep a super user's token from %s %s, and nothing changes", async (method, url) => {
      await adminToken('admin-token-reach');
      const tokensBefore = await app.db.query('SELECT count(*)::int AS n FROM api_tokens');
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers: { 'x-api-token': 'admin-token-reach', 'content-type': 'application/json' },
        payload: method === 'GET' ? undefined : JSON.stringify({ description: 'minted by a token' }),
      });
      expect([res.statusCode, res.json().message]).toEqual([403, TOKEN_ON_CONSOLE_ROUTE]);
      expect((await app.db.query('SELECT count(*)::int AS n FROM api_tokens')).rows).toEqual(
        tokensBefore.rows,
      );
    });

    it('record their last use on the external API, to the minute, and the tokens list shows it', async () => {
      const admin = await adminToken('admin-token-used');
      const listed = async () =>
        (await app.inject({ method: 'GET', url: '/api/v1/tokens', headers: admin.headers }))
          .json()
          .find((t: { description: string }) => t.description === 'admin-token-used');
      const use = () =>
        app.inject({
          method: 'GET',
          url: '/api/external/v1/roles',
          headers: { 'x-api-token': 'admin-token-used' },
        });
      expect(await listed()).toMatchObject({ lastUsedAt: null, owner: 'Ada Admin' });
      expect((await use()).statusCode).toBe(200);
      const first = (await listed()).lastUsedAt;
      expect(Math.abs(first - Date.now() / 1000)).toBeLessThan(60);
      await app.db.query(
        "UPDATE api_tokens SET last_used_at = now() - interval '2 minutes' WHERE description = 'admin-token-used'",
      );
      const aged = (await listed()).lastUsedAt;
      await use();
      expect((await listed()).lastUsedAt).toBeGreaterThan(aged);
      // A refused console call is no use of the token.
      await app.db.query(
        "UPDATE api_tokens SET last_used_at = now() - interval '2 minutes' WHERE description = 'admin-token-used'",
      );
      const before = (await listed()).lastUsedAt;
      await me({ 'x-api-token': 'admin-token-used' });
      expect((await listed()).lastUsedAt).toBe(before);
    });
  });

  describe('paths that name no route', () => {
    it('are answered 404 by the not-found handler, with a session, a token or neither', async () => {
      const admin = await loginAs(app, 'admin');
      for (const url of ['/api/v1/no-such-thing', '/api/external/v1/rolez']) {
        for (const headers of [{}, admin.headers, { 'x-api-token': 'any-token' }]) {
          const res = await app.inject({ method: 'GET', url, headers });
          expect([url, res.statusCode, res.json().message ?? res.json().detail]).toEqual([
            url,
            404,
            `No route for GET ${url}`,
          ]);
        }
      }
    });
  });

  describe('sessions', () => {
    it('marks answers of a live session with x-session-alive and updates last activity', async () => {
      const guest = await loginAs(app, 'guest');
      await app.db.query("UPDATE users SET last_activity = now() - interval '1 day' WHERE id = $1", [
        guest.userId,
      ]);
      const res = await me(guest.headers);
      expect(res.headers['x-session-alive']).toBe('true');
      const { rows } = await app.db.query<{ recent: boolean }>(
        "SELECT last_activity > now() - interval '1 minute' AS recent FROM users WHERE id = $1",
        [guest.userId],
      );
      expect(rows[0].recent).toBe(true);
    });

    it('writes a due expiry and last activity once, however many requests find them due at once', async () => {
      const inviter = await loginAs(app, 'inviter');
      await app.db.query(
        "UPDATE sessions SET expires_at = now() + interval '8 hours' - interval '5 minutes'",
      );
      await app.db.query("UPDATE users SET last_activity = now() - interval '1 day' WHERE id = $1", [
        inviter.userId,
      ]);
      const query = jest.spyOn(app.db, 'query');
      try {
        const answers = await Promise.all(Array.from({ length: 16 }, () => me(inviter.headers)));
        expect(answers.map((res) => res.statusCode)).toEqual(Array(16).fill(200));
        // Every request may ask; the statements are conditional, so the rows are written once.
        const written = async (statement: string) => {
          let rows = 0;
          for (const [index, [sql]] of query.mock.calls.entries()) {
            if (String(sql).startsWith(statement))
              rows += (await (query.mock.results[index].value as Promise<{ rowCount: number }>)).rowCount;
          }
          return rows;
        };
        expect(await written('UPDATE sessions SET expires_at')).toBe(1);
        expect(await written('UPDATE users SET last_activity')).toBe(1);
      } finally {
        query.mockRestore();
      }
      const { rows } = await app.db.query<{ recent: boolean }>(
        "SELECT last_activity > now() - interval '1 minute' AS recent FROM users WHERE id = $1",
        [inviter.userId],
      );
      expect(rows[0].recent).toBe(true);
    });

    it('writes last activity at most once a minute', async () => {
      const guest = await loginAs(app, 'guest');
      await app.db.query("UPDATE users SET last_activity = now() - interval '30 seconds' WHERE id = $1", [
        guest.userId,
      ]);
      const lastActivity = async () =>
        (
          await app.db.query<{ at: string }>('SELECT last_activity::text AS at FROM users WHERE id = $1', [
            guest.userId,
          ])
        ).rows[0].at;
      const before = await lastActivity();
      // Not due: not even asked of the database (the user read with the request says so).
      const query = jest.spyOn(app.db, 'query');
      try {
        expect((await me(guest.headers)).statusCode).toBe(200);
        expect(
          query.mock.calls.filter(([sql]) => String(sql).startsWith('UPDATE users SET last_activity')),
        ).toEqual([]);
      } finally {
        query.mockRestore();
      }
      expect(await lastActivity()).toBe(before);
    });

    it('writes last activity once a full minute has passed since the last one, not a millisecond before', async () => {
      const guest = await loginAs(app, 'guest');
      // A last activity on a whole second, and the server's clock set against it.
      const last = 1_700_000_000;
      await app.db.query('UPDATE users SET last_activity = to_timestamp($1) WHERE id = $2', [
        last,
        guest.userId,
      ]);
      const lastActivity = async () =>
        (
          await app.db.query<{ at: number }>(
            'SELECT extract(epoch FROM last_activity)::float8 AS at FROM users WHERE id = $1',
            [guest.userId],
          )
        ).rows[0].at;
      const now = jest.spyOn(Date, 'now');
      try {
        now.mockReturnValue(last * 1000 + 59_999);
        expect((await me(guest.headers)).statusCode).toBe(200);
        expect(await lastActivity()).toBe(last);
        now.mockReturnValue((last + 60) * 1000);
        expect((await me(guest.headers)).statusCode).toBe(200);
      } finally {
        now.mockRestore();
      }
      // Written with the database's clock.
      expect(await lastActivity()).toBeGreaterThan(Date.now() / 1000 - 3600);
    });

    it('keeps a session without a user (its CSRF token) through API calls made before login', async () => {
      const first = await app.inject({ method: 'GET', url: '/api/v1/csrf' });
      const cookie = cookiesFrom(first.headers['set-cookie']);
      expect(cookie).toMatch(/^portal_session=/);
      const anonymous = await me({ cookie });
      expect([anonymous.statusCode, anonymous.headers['set-cookie']]).toEqual([401, undefined]);
      const again = await app.inject({ method: 'GET', url: '/api/v1/csrf', headers: { cookie } });
      expect(again.json().token).toBe(first.json().token);
    });

    it('ends a session idle for more than 8 hours', async () => {
      const guest = await loginAs(app, 'guest');
      await app.db.query("UPDATE sessions SET expires_at = now() - interval '1 second'");
      const res = await me(guest.headers);
      expect(res.statusCode).toBe(401);
    });

    it('purges expired sessions', async () => {
      const guest = await loginAs(app, 'guest');
      await app.db.query("UPDATE sessions SET expires_at = now() - interval '1 second'");
      expect(await purgeExpiredSessions(app)).toBeGreaterThan(0);
      const { rows } = await app.db.query('SELECT 1 FROM sessions');
      expect(rows).toHaveLength(0);
      expect((await me(guest.headers)).statusCode).toBe(401);
    });

    it('ignores a cookie with a forged signature', async () => {
      const guest = await loginAs(app, 'guest');
      const forged = guest.cookie.replace(/\.[^.]+$/, '.forged');
      expect((await me({ cookie: forged })).statusCode).toBe(401);
    });

    it('ends the session of a deleted user', async () => {
      const gone = await loginAs(app, 'gone@example.org');
      await app.db.query('DELETE FROM users WHERE id = $1', [gone.userId]);
      expect((await me(gone.headers)).statusCode).toBe(401);
    });
  });
});

describe('session cookie under https', () => {
  it('is Secure when PUBLIC_URL is https', async () => {
    const app = await buildTestApp({ env: { PUBLIC_URL: 'https://portal.example.org' } });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/v1/csrf' });
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
      expect(res.headers['strict-transport-security']).toBeDefined();
    } finally {
      await app.close();
    }
  });
});

// Built inside the test, so that the plugin's own set-up (its request decorations) runs within it.
describe("the authentication of an app's routes", () => {
  it("reads a user for the API's routes only, decided on the route that matched, not on the URL", async () => {
    const own = await buildTestApp({
      routes: (app) => {
        app.get('/:area/auth-probe', async (request) => ({
          user: request.user,
          realUser: request.realUser,
          impersonatorId: request.impersonatorId,
          apiToken: request.apiToken,
        }));
      },
    });
    try {
      const admin = await loginAs(own, 'admin');
      const nobody = { user: null, realUser: null, impersonatorId: null, apiToken: null };
      expect((await own.inject({ method: 'GET', url: '/site/auth-probe' })).json()).toEqual(nobody);
      // A URL under /api/ that a route outside the API matched: neither the session's user nor a token
      // refusal, as for the static files' wildcard.
      const outside = await own.inject({
        method: 'GET',
        url: '/api/auth-probe',
        headers: { ...admin.headers, 'x-api-token': 'any-token' },
      });
      expect([outside.statusCode, outside.json()]).toEqual([200, nobody]);
      const inside = await own.inject({ method: 'GET', url: '/api/v1/users/me', headers: admin.headers });
      expect([inside.statusCode, inside.json().email]).toEqual([200, 'admin@example.org']);
    } finally {
      await own.close();
    }
  });
});
