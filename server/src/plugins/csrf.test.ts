import type { FastifyInstance } from 'fastify';
import { buildTestApp, cookiesFrom, loginAs } from '../test/helper.js';
import { hashTokenSecret } from '../stores/tokens.store.js';
import { TOKEN_ON_CONSOLE_ROUTE } from './token-reach.js';

describe('CSRF protection', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
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
});
