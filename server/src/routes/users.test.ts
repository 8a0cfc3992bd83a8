import type { FastifyInstance } from 'fastify';
import { buildTestApp, loginAs } from '../test/helper.js';

describe('users endpoints', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('tells an anonymous caller it is not authenticated', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/users/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      authenticated: false,
      languages: 'nl, en',
      groupUrnPrefix: 'urn:mace:surf.nl:test.surfaccess.nl',
    });
    expect(res.headers['x-session-alive']).toBeUndefined();
  });

  it('answers users/me for a logged-in persona', async () => {
    const session = await loginAs(app, 'admin');
    const res = await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: session.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'admin@example.org',
      superUser: true,
      highestAuthority: 'SUPER_USER',
    });
    expect(res.headers['x-session-alive']).toBe('true');
  });
});
