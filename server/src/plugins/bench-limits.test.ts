import { buildTestApp, loginAs } from '../test/helper.js';

const ROLES = '/api/v1/roles?pageNumber=0&pageSize=10';

describe('the bench limits (GET /api/bench-limit/api/...)', () => {
  it("send the real route's answer, captured once, through the same session and permission", async () => {
    const app = await buildTestApp({ env: { BENCH_FLOOR: 'true' } });
    try {
      const admin = await loginAs(app, 'admin');
      const real = await app.inject({ method: 'GET', url: ROLES, headers: { cookie: admin.cookie } });
      expect(real.statusCode).toBe(200);
      const limit = await app.inject({
        method: 'GET',
        url: `/api/bench-limit${ROLES}`,
        headers: { cookie: admin.cookie },
      });
      expect(limit.statusCode).toBe(200);
      expect(limit.json()).toEqual(real.json());
      // The same session hook: no session, the same 401 as the real route.
      const anonymous = await app.inject({ method: 'GET', url: `/api/bench-limit${ROLES}` });
      const anonymousReal = await app.inject({ method: 'GET', url: ROLES });
      expect(anonymous.statusCode).toBe(anonymousReal.statusCode);
      expect(anonymous.statusCode).toBe(401);
      // The same declared permission: a guest may not read the audit trail here either.
      const guest = await loginAs(app, 'guest');
      const audit = await app.inject({
        method: 'GET',
        url: '/api/bench-limit/api/v1/audit-logs?pageNumber=0&pageSize=20',
        headers: { cookie: guest.cookie },
      });
      expect(audit.statusCode).toBe(403);
      // Captured once: the second answer is the first, whatever happened since (a role made meanwhile).
      await app.inject({
        method: 'POST',
        url: '/api/v1/roles',
        headers: admin.headers,
        payload: {
          name: 'Made after the capture',
          shortName: 'made-after',
          description: 'x',
          defaultExpiryDays: 365,
          applicationUsages: [],
        },
      });
      const again = await app.inject({
        method: 'GET',
        url: `/api/bench-limit${ROLES}`,
        headers: { cookie: admin.cookie },
      });
      expect(again.json()).toEqual(real.json());
    } finally {
      await app.close();
    }
  });

  it('are not routed without the setting', async () => {
    const app = await buildTestApp();
    try {
      const admin = await loginAs(app, 'admin');
      const response = await app.inject({
        method: 'GET',
        url: `/api/bench-limit${ROLES}`,
        headers: { cookie: admin.cookie },
      });
      expect(response.body).not.toMatch(/"content":/);
    } finally {
      await app.close();
    }
  });
});
