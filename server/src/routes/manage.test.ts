import type { FastifyInstance } from 'fastify';
import { apiApp, call, HW_GUID, insertRole, loginPersonas, type Sessions } from '../test/api-kit.js';

let app: FastifyInstance;
let s: Sessions;

beforeAll(async () => {
  app = await apiApp();
  s = await loginPersonas(app);
});
afterAll(() => app.close());

describe('manage', () => {
  it('lists every registry application to a super user', async () => {
    const res = await call(app, s.admin, 'GET', '/api/v1/manage/providers');
    expect(res.statusCode).toBe(200);
    const providers = res.json();
    expect(providers.length).toBeGreaterThanOrEqual(8);
    expect(providers.map((p: { type: string }) => p.type)).toEqual(
      expect.arrayContaining(['saml20_sp', 'oidc10_rp']),
    );
    expect(providers[0]).toEqual(
      expect.objectContaining({
        manageId: expect.any(String),
        'name:en': expect.any(String),
        logo: expect.stringMatching(/^\/registry\/logos\/.+\.svg$/),
      }),
    );
  });

  it('counts the roles of each application in both application lists', async () => {
    const wiki = await insertRole(app, 'Counted Wiki Role', ['app-wiki']);
    await insertRole(app, 'Counted Shared Role', ['app-wiki', 'app-gitlab']);
    const byId = (list: Array<{ manageId: string; roleCount: number }>) =>
      Object.fromEntries(list.map((p) => [p.manageId, p.roleCount]));
    const all = byId((await call(app, s.admin, 'GET', '/api/v1/manage/providers')).json());
    const own = byId(
      (await call(app, s.institutionAdmin, 'GET', '/api/v1/manage/applications')).json().providers,
    );
    expect(all['app-wiki']).toBeGreaterThanOrEqual(2);
    expect(own['app-wiki']).toBe(all['app-wiki']);
    expect(own['app-gitlab']).toBe(all['app-gitlab']);
    await app.db.query('DELETE FROM roles WHERE id = $1', [wiki]);
    const after = byId((await call(app, s.admin, 'GET', '/api/v1/manage/providers')).json());
    expect(after['app-wiki']).toBe(all['app-wiki'] - 1);
  });

  it('refuses the providers list to others', async () => {
    expect((await call(app, s.institutionAdmin, 'GET', '/api/v1/manage/providers')).statusCode).toBe(403);
    expect((await call(app, null, 'GET', '/api/v1/manage/providers')).statusCode).toBe(401);
  });

  it("gives an institution admin its institution's applications and their provisionings", async () => {
    const res = await call(app, s.institutionAdmin, 'GET', '/api/v1/manage/applications');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ids = body.providers.map((p: { manageId: string }) => p.manageId).sort();
    expect(ids).toEqual(['app-canvas', 'app-gitlab', 'app-library', 'app-wiki']);
    expect(body.provisionings.map((p: { provisioning_type: string }) => p.provisioning_type)).toEqual([
      'scim',
    ]);
    expect((await call(app, s.manager, 'GET', '/api/v1/manage/applications')).statusCode).toBe(403);
  });

  it('answers whether an application has a provisioning', async () => {
    expect((await call(app, s.manager, 'GET', '/api/v1/manage/provisionings/app-wiki')).json()).toBe(true);
    expect((await call(app, s.manager, 'GET', '/api/v1/manage/provisionings/app-canvas')).json()).toBe(false);
  });

  it('validates organisation GUIDs against the identity providers', async () => {
    const ok = await call(app, s.admin, 'GET', `/api/v1/manage/organization-guid-validation/${HW_GUID}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()['name:en']).toBe('Universiteit Harderwijk');
    expect(
      (await call(app, s.admin, 'GET', '/api/v1/manage/organization-guid-validation/nope')).statusCode,
    ).toBe(404);
  });
});

describe('validations', () => {
  it.each([
    ['url', 'https://wiki.example.org/welcome', true],
    ['url', 'javascript:alert(1)', false],
    ['url', 'not a url', false],
    ['email', 'jane.doe+x@example.org', true],
    ['email', 'jane@', false],
  ])('%s %s → %s', async (type, value, valid) => {
    const res = await call(app, s.manager, 'POST', '/api/v1/validations/validate', { type, value });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid });
  });

  it('refuses an unknown type', async () => {
    const res = await call(app, s.manager, 'POST', '/api/v1/validations/validate', {
      type: 'phone',
      value: '1',
    });
    expect(res.statusCode).toBe(400);
  });
});
