import type { FastifyInstance, InjectOptions } from 'fastify';
import { httpError } from './errors.js';
import { anyone } from './plugins/permissions.js';
import { buildTestApp, loginAs, type TestSession } from './test/helper.js';

describe('bad input is a 4xx with a reason, never a 500', () => {
  let app: FastifyInstance;
  let admin: TestSession;
  beforeAll(async () => {
    app = await buildTestApp({
      routes: (instance) => {
        instance.get('/api/v1/test/boom', { preHandler: anyone }, async () => {
          throw new Error('secret detail: connection string postgres://x');
        });
        instance.get('/api/v1/test/teapot', { preHandler: anyone }, async () => {
          throw httpError(409, 'Already there', { email: 'a@b.c' });
        });
      },
    });
    admin = await loginAs(app, 'admin');
  });
  afterAll(async () => {
    await app.close();
  });

  const cases: Array<[string, () => InjectOptions, number]> = [
    [
      'malformed JSON',
      () => ({
        method: 'POST',
        url: '/api/v1/users/error',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        payload: '{"a":',
      }),
      400,
    ],
    [
      'a body of the wrong type',
      () => ({ method: 'POST', url: '/api/v1/users/error', headers: admin.headers, payload: [1, 2] }),
      400,
    ],
    [
      'an oversized string in a body',
      () => ({
        method: 'POST',
        url: '/api/v1/users/error',
        headers: admin.headers,
        payload: { message: 'x'.repeat(5000) },
      }),
      400,
    ],
    [
      'a body above the size limit',
      () => ({
        method: 'POST',
        url: '/api/v1/users/error',
        headers: admin.headers,
        payload: { m: 'x'.repeat(70_000) },
      }),
      413,
    ],
    [
      'an unsupported content type',
      () => ({
        method: 'POST',
        url: '/api/v1/users/error',
        headers: { ...admin.headers, 'content-type': 'text/csv' },
        payload: 'a,b',
      }),
      415,
    ],
    [
      'a non-numeric id',
      () => ({ method: 'GET', url: '/api/v1/users/other/abc', headers: admin.headers }),
      400,
    ],
    [
      'an id out of range',
      () => ({ method: 'GET', url: '/api/v1/users/other/99999999999999999999', headers: admin.headers }),
      400,
    ],
    ['a negative id', () => ({ method: 'DELETE', url: '/api/v1/users/-1', headers: admin.headers }), 400],
    [
      'a page size of the wrong type',
      () => ({ method: 'GET', url: '/api/v1/users/search?pageSize=ten', headers: admin.headers }),
      400,
    ],
    [
      'a page size too large',
      () => ({ method: 'GET', url: '/api/v1/users/search?pageSize=100000', headers: admin.headers }),
      400,
    ],
    [
      'an oversized search text',
      () => ({ method: 'GET', url: `/api/v1/users/search?query=${'q'.repeat(300)}`, headers: admin.headers }),
      400,
    ],
    [
      'an unknown sort direction',
      () => ({ method: 'GET', url: '/api/v1/users/search?sortDirection=sideways', headers: admin.headers }),
      400,
    ],
    [
      'a sort key with odd characters',
      () => ({ method: 'GET', url: '/api/v1/users/search?sort=name;drop', headers: admin.headers }),
      400,
    ],
    [
      'an unknown query parameter',
      () => ({ method: 'GET', url: '/api/v1/users/search?drop=1', headers: admin.headers }),
      400,
    ],
    ['a bad login hash', () => ({ method: 'GET', url: '/api/v1/users/login?hash=%3Cscript%3E' }), 400],
    ['a malformed URL', () => ({ method: 'GET', url: '/api/v1/users/other/%E0%A4%A' }), 400],
    ['an unknown API path', () => ({ method: 'GET', url: '/api/v1/nope' }), 404],
  ];

  for (const [name, request, status] of cases) {
    it(`${name} → ${status}`, async () => {
      const res = await app.inject(request());
      expect(res.statusCode).toBe(status);
      const body = res.json();
      expect(body).toMatchObject({ status, error: expect.any(String), message: expect.any(String) });
      expect(body.message.length).toBeGreaterThan(0);
      expect(body.reference).toBeUndefined();
    });
  }

  it('names the field in a validation message', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/users/search?pageSize=ten',
      headers: admin.headers,
    });
    expect(res.json().message).toMatch(/pageSize/);
  });

  it('sends the reason and extra fields of an httpError', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/test/teapot' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 409, error: 'Conflict', message: 'Already there', email: 'a@b.c' });
  });

  it('answers a failure with a numeric reference and no details', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({
      status: 500,
      error: 'Internal Server Error',
      reference: expect.any(Number),
    });
    expect(res.body).not.toContain('secret detail');
  });
});
