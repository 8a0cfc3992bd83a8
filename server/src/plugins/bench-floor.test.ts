import { loadConfig } from '../config.js';
import { buildTestApp, loginAs } from '../test/helper.js';

describe('the bench floor (GET /bench/floor)', () => {
  it('answers one user row without a session and sets no cookie when BENCH_FLOOR=true', async () => {
    const app = await buildTestApp({ env: { BENCH_FLOOR: 'true' } });
    try {
      await loginAs(app, 'admin');
      const response = await app.inject({ method: 'GET', url: '/bench/floor' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['set-cookie']).toBeUndefined();
      const row = response.json<{ id: number | string; name: string }>();
      expect(Number(row.id)).toBeGreaterThan(0);
      expect(typeof row.name).toBe('string');
    } finally {
      await app.close();
    }
  });

  it('is not routed without the setting (the static fallback answers instead)', async () => {
    const app = await buildTestApp();
    try {
      const response = await app.inject({ method: 'GET', url: '/bench/floor' });
      // The SPA fallback answers (index.html, or 503 when the shell is not built): no user row.
      expect(response.body).not.toMatch(/"id":/);
      expect(response.body).not.toMatch(/"name":/);
    } finally {
      await app.close();
    }
  });

  it('is refused with NODE_ENV=production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        BENCH_FLOOR: 'true',
        OIDC_ISSUER: 'https://idp.example.org',
        OIDC_CLIENT_ID: 'portal',
        OIDC_CLIENT_SECRET: 'secret',
        SESSION_SECRET: 'a-long-enough-session-secret-for-the-test',
      }),
    ).toThrow(/BENCH_FLOOR=true is not allowed with NODE_ENV=production/);
  });
});
