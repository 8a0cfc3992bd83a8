/**
 * Logins, logouts and refusals in the audit trail (issue 51 item 7): `user.login`, `user.logout` and
 * `user.denied` with the route and the reason; filterable through the audit API; purged like every row.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { apiApp, loginPersonas, type Sessions } from '../test/api-kit.js';
import { InjectBrowser } from '../test/browser.js';
import { removeOldAuditRows } from '../stores/tidy.store.js';
import { CSRF_REFUSAL } from './csrf.js';
import { DENIED_AUDIT_PER_WINDOW } from './refusal-audit.js';

let app: FastifyInstance;
let s: Sessions;

beforeAll(async () => {
  app = await apiApp();
  s = await loginPersonas(app);
});
afterAll(() => app.close());

interface Row {
  actor_id: string | null;
  actor_name: string | null;
  entity_type: string;
  action: string;
  user_id: string | null;
  after: Record<string, unknown>;
}

async function rows(where: string, params: unknown[]): Promise<Row[]> {
  const result = await app.db.query<Row>(
    `SELECT actor_id::text, actor_name, entity_type, action, user_id::text, after FROM audit_logs WHERE ${where} ORDER BY id`,
    params,
  );
  return result.rows;
}
const deniedFrom = (address: string) => rows("action = 'denied' AND after->>'address' = $1", [address]);

function from(remoteAddress: string, options: InjectOptions) {
  return app.inject({ ...options, remoteAddress });
}

describe('logins and logouts', () => {
  it('writes a user.login row at a login and a user.logout row at the logout', async () => {
    const browser = new InjectBrowser(app);
    await browser.login('manager');
    const me = (await browser.request('GET', '/api/v1/users/me')).json();
    expect(await rows("action IN ('login', 'logout') AND user_id = $1", [me.id])).toEqual([
      {
        actor_id: String(me.id),
        actor_name: 'Max Manager',
        entity_type: 'user',
        action: 'login',
        user_id: String(me.id),
        after: { name: 'Max Manager', email: 'manager@example.org' },
      },
    ]);
    expect((await browser.request('GET', '/api/v1/users/logout')).statusCode).toBe(200);
    const after = await rows("action IN ('login', 'logout') AND user_id = $1", [me.id]);
    expect(after.map((row) => [row.action, row.actor_id])).toEqual([
      ['login', String(me.id)],
      ['logout', String(me.id)],
    ]);
    // Logged out, the next logout has nobody to record.
    await browser.request('GET', '/api/v1/users/logout');
    expect(await rows("action = 'logout' AND user_id = $1", [me.id])).toHaveLength(1);
  });
});

describe('refusals', () => {
  it("records a guest's call of a super user's route with the route, the reason and the guest", async () => {
    const address = '10.1.0.1';
    const res = await from(address, { method: 'GET', url: '/api/v1/audit-logs', headers: s.guest.headers });
    expect(res.statusCode).toBe(403);
    expect(await deniedFrom(address)).toEqual([
      {
        actor_id: String(s.guest.userId),
        actor_name: expect.any(String),
        entity_type: 'user',
        action: 'denied',
        user_id: String(s.guest.userId),
        after: {
          method: 'GET',
          route: '/api/v1/audit-logs',
          status: 403,
          reason: 'missing roles',
          credential: 'session',
          address,
        },
      },
    ]);
  });

  it('records a write without the CSRF token, by the session its cookie names', async () => {
    const address = '10.1.0.2';
    const res = await from(address, {
      method: 'POST',
      url: '/api/v1/roles',
      headers: { cookie: s.manager.cookie },
      payload: { name: 'Never' },
    });
    expect(res.statusCode).toBe(403);
    const [row] = await deniedFrom(address);
    expect(row).toEqual(
      expect.objectContaining({
        user_id: String(s.manager.userId),
        after: expect.objectContaining({ route: '/api/v1/roles', status: 403, reason: CSRF_REFUSAL }),
      }),
    );
  });

  it('records a wrong API token on the external API', async () => {
    const address = '10.1.0.3';
    const res = await from(address, {
      method: 'GET',
      url: '/api/external/v1/roles',
      headers: { 'x-api-token': 'not-a-token' },
    });
    expect(res.statusCode).toBe(401);
    expect(await deniedFrom(address)).toEqual([
      expect.objectContaining({
        actor_name: 'unknown API token',
        user_id: null,
        after: expect.objectContaining({
          route: '/api/external/v1/roles',
          status: 401,
          reason: 'Unknown API token: check the X-API-TOKEN header',
          credential: 'api-token',
        }),
      }),
    ]);
  });

  it("does not record calls without any credential (the console's probe before login)", async () => {
    const address = '10.1.0.4';
    expect((await from(address, { method: 'GET', url: '/api/v1/users/me' })).statusCode).toBe(401);
    expect((await from(address, { method: 'GET', url: '/api/v1/audit-logs' })).statusCode).toBe(401);
    expect((await from(address, { method: 'POST', url: '/api/v1/roles', payload: {} })).statusCode).toBe(403);
    expect((await from(address, { method: 'GET', url: '/api/external/v1/roles' })).statusCode).toBe(401);
    expect(await deniedFrom(address)).toEqual([]);
  });

  it(`records at most ${DENIED_AUDIT_PER_WINDOW} refusals a minute from one address`, async () => {
    const address = '10.1.0.5';
    for (let i = 0; i < DENIED_AUDIT_PER_WINDOW + 5; i += 1) {
      const res = await from(address, { method: 'GET', url: '/api/v1/audit-logs', headers: s.guest.headers });
      expect(res.statusCode).toBe(403);
    }
    expect(await deniedFrom(address)).toHaveLength(DENIED_AUDIT_PER_WINDOW);
  });

  it('lets the audit API filter logins, logouts and refusals, for super users', async () => {
    const denied = await app.inject({
      method: 'GET',
      url: '/api/v1/audit-logs?action=user.denied&pageSize=100',
      headers: s.admin.headers,
    });
    expect(denied.statusCode).toBe(200);
    const content = denied.json().content as {
      entityType: string;
      action: string;
      after: { route: string };
    }[];
    expect(content.length).toBeGreaterThan(3);
    expect(new Set(content.map((row) => `${row.entityType}.${row.action}`))).toEqual(
      new Set(['user.denied']),
    );
    expect(content.map((row) => row.after.route)).toContain('/api/external/v1/roles');
    for (const action of ['user.login', 'user.logout']) {
      const page = await app.inject({
        method: 'GET',
        url: `/api/v1/audit-logs?action=${action}`,
        headers: s.admin.headers,
      });
      expect(page.statusCode).toBe(200);
      expect(page.json().content.map((row: { action: string }) => row.action)).toEqual([action.slice(5)]);
    }
  });

  it('goes with the audit retention like every row', async () => {
    await app.db.query(
      "UPDATE audit_logs SET created_at = now() - interval '400 days' WHERE action = 'denied' AND after->>'address' = $1",
      ['10.1.0.1'],
    );
    await app.db.tx((q) => removeOldAuditRows(q, 365));
    expect(await deniedFrom('10.1.0.1')).toEqual([]);
    expect(await deniedFrom('10.1.0.2')).toHaveLength(1);
  });

  it('answers the refusal as it was when its audit row cannot be written', async () => {
    const address = '10.1.0.6';
    await app.db.query(
      'ALTER TABLE audit_logs ADD CONSTRAINT no_refusals CHECK (action <> $$denied$$) NOT VALID',
    );
    try {
      const res = await from(address, { method: 'GET', url: '/api/v1/audit-logs', headers: s.guest.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('missing roles');
    } finally {
      await app.db.query('ALTER TABLE audit_logs DROP CONSTRAINT no_refusals');
    }
    expect(await deniedFrom(address)).toEqual([]);
  });
});
