/**
 * Hardening: a NUL character anywhere is bad input (400, nothing written, nothing logged at error level);
 * the reference console's protocol (x-session-alive on every API answer, bodyless DELETE/PUT sent with a
 * JSON content type).
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { addMember, apiApp, count, insertRole, loginPersonas, type Sessions } from '../test/api-kit.js';
import { InjectBrowser } from '../test/browser.js';

let app: FastifyInstance;
let s: Sessions;
let wiki: number;
const logged: Array<{ level: number; msg?: string }> = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logged.push(JSON.parse(line));
      done();
    },
  });
  app = await apiApp({ mailer: { send: async () => undefined }, logger: { level: 'info', stream } });
  s = await loginPersonas(app);
  wiki = await insertRole(app, 'Wiki Editors', ['app-wiki']);
  await addMember(app, s.guest.userId, wiki, 'GUEST');
});
afterAll(() => app.close());

const ERROR_LEVEL = 50;
const errorsLogged = () => logged.filter((line) => line.level >= ERROR_LEVEL);

describe('a NUL character', () => {
  it.each([
    ['the public invitation, anonymously', '/api/v1/invitations/public?hash=%00', false],
    ['a user search', '/api/v1/users/search?query=ab%00cd', true],
    ['an invitation search', '/api/v1/invitations/search?query=%00%00%00', true],
    ['a role search', '/api/v1/roles?query=wiki%00', true],
    ['a user-role search', `/api/v1/user_roles/search/${wiki}/guests?query=x%00yz`, true],
  ])('in %s is a 400 that names the field', async (_what, url, loggedIn) => {
    const res = await app.inject({ method: 'GET', url, headers: loggedIn ? s.admin.headers : {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/query field (hash|query) holds a NUL character/);
    expect(errorsLogged()).toEqual([]);
  });

  it.each([
    ['a role name', 'POST', '/api/v1/roles', { name: 'Wiki\u0000', description: 'x' }],
    [
      'a nested landing page',
      'POST',
      '/api/v1/roles',
      {
        name: 'Wiki',
        description: 'x',
        applicationUsages: [{ application: { manageId: 'app-wiki' }, landingPage: 'https://x\u0000' }],
      },
    ],
    ['a token description', 'POST', '/api/v1/tokens', { description: 'a\u0000b' }],
    [
      'an invitation message',
      'POST',
      '/api/v1/invitations',
      {
        intendedAuthority: 'GUEST',
        invites: ['new@example.org'],
        roleIdentifiers: [wiki],
        message: 'hi\u0000',
      },
    ],
  ])('in %s is a 400 and writes nothing', async (_what, method, url, payload) => {
    const tables = ['roles', 'api_tokens', 'invitations', 'audit_logs'];
    const before = await Promise.all(tables.map((t) => count(app, t)));
    const res = await app.inject({
      method: method as 'POST',
      url,
      headers: { ...s.admin.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/holds a NUL character/);
    expect(await Promise.all(tables.map((t) => count(app, t)))).toEqual(before);
    expect(errorsLogged()).toEqual([]);
  });

  it.each([
    [
      'a role description',
      'POST',
      '/api/v1/roles',
      '{"name":"Wiki","description":"a\\ud800b","applicationUsages":[{"application":{"manageId":"app-wiki"}}]}',
      'body field description',
    ],
    [
      'a role name, a low half alone',
      'POST',
      '/api/v1/roles',
      '{"name":"\\udc00Wiki","description":"x","applicationUsages":[{"application":{"manageId":"app-wiki"}}]}',
      'body field name',
    ],
    ['a token description', 'POST', '/api/v1/tokens', '{"description":"\\udfff"}', 'body field description'],
  ])(
    'a lone surrogate in %s is a 400 naming the field, and writes nothing',
    async (_what, method, url, payload, field) => {
      const tables = ['roles', 'api_tokens', 'audit_logs'];
      const before = await Promise.all(tables.map((t) => count(app, t)));
      const res = await app.inject({
        method: method as 'POST',
        url,
        headers: { ...s.admin.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        `The ${field} holds a lone surrogate (not a character), which is not allowed`,
      );
      expect(await Promise.all(tables.map((t) => count(app, t)))).toEqual(before);
      expect(errorsLogged()).toEqual([]);
    },
  );

  it('in the development login field is a 400, and nobody is logged in', async () => {
    const browser = new InjectBrowser(app);
    const toIdp = await browser.follow('GET', '/api/v1/users/login');
    const action = /action="([^"]+)"/.exec(toIdp.response.body)?.[1];
    expect(action).toBeDefined();
    const res = await browser.request('POST', action!, { login: 'admin\u0000' });
    expect(res.statusCode).toBe(400);
    expect((await browser.request('GET', '/api/v1/users/me')).statusCode).toBe(401);
    expect(errorsLogged()).toEqual([]);
  });
});

describe('the established console protocol', () => {
  it.each([
    ['an anonymous config', 'GET', '/api/v1/users/config', {}],
    ['an anonymous csrf', 'GET', '/api/v1/csrf', {}],
    ['a refused call', 'GET', '/api/v1/users/me', {}],
    ['an unknown API path', 'GET', '/api/v1/nothing-here', {}],
  ])('marks %s with x-session-alive: true', async (_what, method, url, headers) => {
    const res = await app.inject({ method: method as 'GET', url, headers });
    expect(res.headers['x-session-alive']).toBe('true');
  });

  it('leaves x-session-alive off what is not an API answer', async () => {
    const res = await app.inject({ method: 'GET', url: '/dev-idp/.well-known/openid-configuration' });
    expect(res.headers['x-session-alive']).toBeUndefined();
  });

  it('accepts a bodyless DELETE sent with Content-Type: application/json', async () => {
    const { rows } = await app.db.query<{ id: number }>(
      "INSERT INTO api_tokens (hashed_value, description, owner_id) VALUES ('x', 'to delete', $1) RETURNING id",
      [s.admin.userId],
    );
    const id = rows[0].id;
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/v1/tokens/${id}`,
      headers: { ...s.admin.headers, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(204);
  });

  it('still refuses a POST whose JSON body is empty where a body is required', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/tokens',
      headers: { ...s.admin.headers, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
  });
});
