import type { FastifyInstance } from 'fastify';
import { apiApp, call, loginPersonas, type Sessions } from '../../test/api-kit.js';
import { EXT, ext, makeToken } from './external-test-kit.js';

let app: FastifyInstance;
let s: Sessions;
let token: string;

beforeAll(async () => {
  app = await apiApp({ mailer: { send: async () => undefined }, config: { externalApiRateLimit: 3 } });
  s = await loginPersonas(app);
  token = (await makeToken(app, s.admin, 'Rate limited')).secret;
});
afterAll(() => app.close());

describe('rate limit per token owner', () => {
  it("answers 429 with Retry-After past the configured calls a minute, for all the owner's tokens and no one else's", async () => {
    const second = (await makeToken(app, s.admin, 'Same owner')).secret;
    const others = (await makeToken(app, s.institutionAdmin, 'Another owner')).secret;
    const first = await ext(app, token, 'GET', '/roles');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-ratelimit-limit']).toBe('3');
    expect(first.headers['x-ratelimit-remaining']).toBe('2');
    expect(Number(first.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    // The owner's second token draws on the same count.
    expect((await ext(app, second, 'GET', '/roles')).statusCode).toBe(200);
    expect((await ext(app, token, 'GET', '/roles')).statusCode).toBe(200);
    for (const secret of [token, second]) {
      const limited = await ext(app, secret, 'GET', '/roles');
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(limited.headers['x-ratelimit-remaining']).toBe('0');
      expect(limited.headers['content-type']).toContain('application/problem+json');
      expect(limited.json().detail).toMatch(/at most 3 calls a minute per token owner/);
    }
    expect((await ext(app, others, 'GET', '/roles')).statusCode).toBe(200);
    // The console's API is not counted.
    expect((await call(app, s.admin, 'GET', '/api/v1/roles')).statusCode).toBe(200);
  });
});

describe('OpenAPI documents and the reference page', () => {
  it('describes every external route, with the token scheme and problem+json errors', async () => {
    const res = await app.inject({ method: 'GET', url: `${EXT}/openapi.json` });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/external/v1/aa/{sub}',
      '/api/external/v1/deprovision/{sub}',
      '/api/external/v1/deprovision/{sub}/dry-run',
      '/api/external/v1/internal/invite/invitations',
      '/api/external/v1/internal/invite/invitations/{id}',
      '/api/external/v1/internal/invite/roles',
      '/api/external/v1/internal/invite/roles-summary',
      '/api/external/v1/internal/invite/roles/{id}',
      '/api/external/v1/internal/invite/roles/{organizationGUID}/{manageId}',
      '/api/external/v1/internal/invite/user_roles/{roleId}',
      '/api/external/v1/invitations',
      '/api/external/v1/invitations/roles/{roleId}',
      '/api/external/v1/invitations/{id}',
      '/api/external/v1/profile',
      '/api/external/v1/roles',
      '/api/external/v1/roles/{id}',
      '/api/external/v1/user_roles',
      '/api/external/v1/user_roles/roles/{roleId}',
      '/api/external/v1/user_roles/user_role_provisioning',
      '/api/external/v1/user_roles/{id}',
      '/api/external/v1/voot/{sub}',
    ]);
    expect(doc.components.securitySchemes.apiToken).toEqual(
      expect.objectContaining({ in: 'header', name: 'X-API-TOKEN' }),
    );
    const create = doc.paths['/api/external/v1/invitations'].post;
    expect(create.responses['422'].content['application/problem+json']).toBeDefined();
    expect(create.parameters.map((p: { name: string }) => p.name)).toContain('idempotency-key');
    expect(JSON.stringify(doc)).not.toContain('decimalId');
    // voot and attribute aggregation: service accounts by HTTP Basic, their own scheme.
    expect(doc.components.securitySchemes.serviceAccount).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'basic' }),
    );
    expect(doc.paths['/api/external/v1/voot/{sub}'].get.security).toEqual([{ serviceAccount: [] }]);
    // The internal API of the self-service portals: the same scheme on every operation.
    for (const [path, item] of Object.entries(
      doc.paths as Record<string, Record<string, { security: unknown }>>,
    )) {
      if (!path.startsWith('/api/external/v1/internal/')) continue;
      for (const op of Object.values(item)) expect(op.security).toEqual([{ serviceAccount: [] }]);
    }
    expect(
      doc.paths['/api/external/v1/aa/{sub}'].get.responses['401'].content['application/problem+json'],
    ).toBeDefined();
  });

  it("describes the console's API apart, and serves the reference page", async () => {
    const v1 = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(Object.keys(v1.paths)).toContain('/api/v1/roles');
    expect(Object.keys(v1.paths).some((p) => p.startsWith('/api/external'))).toBe(false);
    const page = await app.inject({ method: 'GET', url: `${EXT}/docs` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Access portal external API</h1>');
    // The page is the document itself (openapi-reference.page.test.ts): no script, no files of its own.
    expect(page.body).not.toContain('<script');
    expect((await app.inject({ method: 'GET', url: `${EXT}/docs/swagger-ui-bundle.js` })).statusCode).toBe(
      404,
    );
  });
});
