import type { FastifyInstance } from 'fastify';
import { buildTestApp, cookiesFrom, loginAs } from '../test/helper.js';
import { hashTokenSecret } from '../stores/tokens.store.js';
import { TOKEN_ON_CONSOLE_ROUTE } from './token-reach.js';
import { CSRF_REFUSAL, callWrites, writes } from './csrf.js';
import { API_TOKEN_ROUTE } from './external-token.js';
import { anyone } from './permissions.js';

describe('which calls write', () => {
  it('every POST, PUT, PATCH and DELETE, and a safe method only when its route is marked `writes()`', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(callWrites(method)).toBe(true);
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(callWrites(method)).toBe(false);
    expect(callWrites('GET', writes())).toBe(true);
    expect(callWrites('GET', { writes: false })).toBe(false);
    expect(callWrites(['GET', 'HEAD'])).toBe(false);
    expect(callWrites(['GET', 'POST'])).toBe(true);
  });

  it('`writes()` keeps the rest of the route config', () => {
    expect(writes({ errors: { 409: 'busy' } })).toEqual({ errors: { 409: 'busy' }, writes: true });
  });
});

describe('CSRF protection', () => {
  let app: FastifyInstance;
  /** How often each test route's handler ran: a refused call must not reach it. */
  const ran = new Map<string, number>();
  const handler = (name: string) => async () => {
    ran.set(name, (ran.get(name) ?? 0) + 1);
    return { ran: name };
  };
  beforeAll(async () => {
    app = await buildTestApp({
      routes: (instance) => {
        for (const method of ['PUT', 'PATCH'] as const) {
          instance.route({ method, url: '/api/v1/test-write', preHandler: anyone, handler: handler(method) });
        }
        instance.get('/api/v1/test-read', { preHandler: anyone }, handler('read'));
        instance.get('/api/v1/test-trigger', { preHandler: anyone, config: writes() }, handler('trigger'));
        instance.post('/test-outside-api', handler('outside'));
        instance.post(
          '/api/external/v1/test-write',
          { preHandler: anyone, config: API_TOKEN_ROUTE },
          handler('external'),
        );
      },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const userExists = async (id: number) =>
    (await app.db.query('SELECT 1 FROM users WHERE id = $1', [id])).rows.length === 1;

  it('hands out one token per session', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/v1/csrf' });
    expect(first.statusCode).toBe(200);
    const token = first.json().token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const cookie = cookiesFrom(first.headers['set-cookie']);
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect(String(first.headers['set-cookie'])).toMatch(/SameSite=Lax/i);
    const again = await app.inject({ method: 'GET', url: '/api/v1/csrf', headers: { cookie } });
    expect(again.json().token).toBe(token);
  });

  it('refuses a change without the token and changes nothing', async () => {
    const admin = await loginAs(app, 'admin');
    const victim = await loginAs(app, 'victim@example.org');
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${victim.userId}`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, error: 'Forbidden' });
    expect(res.json().message).toMatch(/CSRF/);
    expect(await userExists(victim.userId)).toBe(true);
  });

  it('refuses a wrong token and a token of another session', async () => {
    const admin = await loginAs(app, 'admin');
    const other = await loginAs(app, 'guest');
    const victim = await loginAs(app, 'victim2@example.org');
    for (const token of ['wrong', other.csrf]) {
      const res = await app.inject({
        method: 'DELETE',
        url: `/api/v1/users/${victim.userId}`,
        headers: { cookie: admin.cookie, 'x-csrf-token': token },
      });
      expect(res.statusCode).toBe(403);
    }
    expect(await userExists(victim.userId)).toBe(true);
  });

  it('refuses before reading the body: malformed JSON without a token is a 403, not a 400', async () => {
    const guest = await loginAs(app, 'guest');
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/users/error',
      headers: { cookie: guest.cookie, 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(403);
  });

  it('accepts the right token', async () => {
    const admin = await loginAs(app, 'admin');
    const victim = await loginAs(app, 'victim3@example.org');
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/v1/users/${victim.userId}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(204);
    expect(await userExists(victim.userId)).toBe(false);
  });

  it('gives no way round it with an X-API-TOKEN: the token is refused and nothing changes', async () => {
    const admin = await loginAs(app, 'admin');
    const victim = await loginAs(app, 'victim4@example.org');
    await app.db.query(
      `INSERT INTO api_tokens (hashed_value, description, owner_id, super_user_token) VALUES ($1, 'test', $2, true)`,
      [hashTokenSecret('admin-secret-token'), admin.userId],
    );
    for (const headers of [
      { 'x-api-token': 'admin-secret-token' },
      { ...admin.headers, 'x-api-token': 'x' },
    ]) {
      const res = await app.inject({ method: 'DELETE', url: `/api/v1/users/${victim.userId}`, headers });
      expect([res.statusCode, res.json().message]).toEqual([403, TOKEN_ON_CONSOLE_ROUTE]);
    }
    expect(await userExists(victim.userId)).toBe(true);
  });

  it('refuses a PUT and a PATCH without the token as a POST, before the handler runs', async () => {
    const guest = await loginAs(app, 'guest');
    for (const method of ['PUT', 'PATCH'] as const) {
      const res = await app.inject({ method, url: '/api/v1/test-write', headers: { cookie: guest.cookie } });
      expect([res.statusCode, res.json().message]).toEqual([403, CSRF_REFUSAL]);
      const ok = await app.inject({ method, url: '/api/v1/test-write', headers: guest.headers });
      expect(ok.json()).toEqual({ ran: method });
    }
    expect([ran.get('PUT'), ran.get('PATCH')]).toEqual([1, 1]);
  });

  it('refuses a GET marked as writing without the token; a plain GET needs none', async () => {
    const guest = await loginAs(app, 'guest');
    const refused = await app.inject({ url: '/api/v1/test-trigger', headers: { cookie: guest.cookie } });
    expect([refused.statusCode, refused.json().message]).toEqual([403, CSRF_REFUSAL]);
    expect(ran.get('trigger')).toBeUndefined();
    expect((await app.inject({ url: '/api/v1/test-trigger', headers: guest.headers })).statusCode).toBe(200);
    expect(
      (await app.inject({ url: '/api/v1/test-read', headers: { cookie: guest.cookie } })).statusCode,
    ).toBe(200);
    expect([ran.get('trigger'), ran.get('read')]).toEqual([1, 1]);
  });

  it('refuses a write to an API path no route answers (judged on the path as sent), not a 404', async () => {
    const guest = await loginAs(app, 'guest');
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/no-such-route',
      headers: { cookie: guest.cookie },
    });
    expect([res.statusCode, res.json().message]).toEqual([403, CSRF_REFUSAL]);
    const withToken = await app.inject({
      method: 'POST',
      url: '/api/v1/no-such-route',
      headers: guest.headers,
    });
    expect(withToken.statusCode).toBe(404);
    // A call with an API token uses no session: on a path no route answers it is told there is none.
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const apiToken = await app.inject({
        method,
        url: '/api/v1/no-such-route',
        headers: { 'x-api-token': 'x' },
      });
      expect([apiToken.statusCode, apiToken.json().message]).toEqual([
        404,
        `No route for ${method} /api/v1/no-such-route`,
      ]);
    }
  });

  it('asks no token outside the API, nor on a route that authenticates itself (the external API)', async () => {
    const guest = await loginAs(app, 'guest');
    const outside = await app.inject({
      method: 'POST',
      url: '/test-outside-api',
      headers: { cookie: guest.cookie },
    });
    expect(outside.json()).toEqual({ ran: 'outside' });
    const external = await app.inject({
      method: 'POST',
      url: '/api/external/v1/test-write',
      headers: { cookie: guest.cookie },
    });
    expect(external.json()).toEqual({ ran: 'external' });
  });

  it('refuses a write of a session that never fetched a token, with no token or an empty one', async () => {
    const fresh = await app.inject({ method: 'GET', url: '/api/v1/test-read' });
    expect(fresh.headers['set-cookie']).toBeUndefined();
    // A session without a CSRF token: one the login made before the console asked for a token.
    const guest = await loginAs(app, 'guest');
    await app.db.query(`UPDATE sessions SET data = data - 'csrfToken' WHERE data->>'userId' = $1`, [
      String(guest.userId),
    ]);
    for (const headers of [{ cookie: guest.cookie }, { cookie: guest.cookie, 'x-csrf-token': '' }]) {
      const res = await app.inject({ method: 'PUT', url: '/api/v1/test-write', headers });
      expect([res.statusCode, res.json().message]).toEqual([403, CSRF_REFUSAL]);
    }
  });
});
