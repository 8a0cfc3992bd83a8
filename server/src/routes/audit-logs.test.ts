import type { FastifyInstance } from 'fastify';
import { COUNT_CAP } from 'shared-auth/rules';
import {
  EMAIL_DOMAIN,
  performanceSeed,
  SHORT_NAME_PREFIX,
  SUB_PREFIX,
} from '../dev/seed/performance-seed.js';
import { seedAuditTrail } from '../stores/audit.store.js';
import {
  addMember,
  addUser,
  apiApp,
  call,
  count,
  insertRole,
  loginPersonas,
  type Sessions,
} from '../test/api-kit.js';

const ADMIN_NAME = 'Ada Admin';
let app: FastifyInstance;
let s: Sessions;

interface Row {
  entityType: string;
  action: string;
  actorName: string | null;
  roleIds: number[];
  roleName: string | null;
  userId: number | null;
  userName: string | null;
  createdAt: number;
}

async function trail(query: string, session = s.admin): Promise<{ content: Row[]; totalElements: number }> {
  const res = await call(app, session, 'GET', `/api/v1/audit-logs?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

const events = (rows: Row[]) => rows.map((r) => `${r.entityType}.${r.action}`);

beforeAll(async () => {
  app = await apiApp({ mailer: { send: async () => undefined } });
  s = await loginPersonas(app);
});
afterAll(() => app.close());

describe('the audit trail of a role', () => {
  let roleId: number;
  let guestRoleId: number;
  let userId: number;

  beforeAll(async () => {
    const created = await call(app, s.admin, 'POST', '/api/v1/roles', {
      name: 'Trail Keepers',
      description: 'Keeps the trail',
      applicationUsages: [{ application: { manageId: 'app-wiki' }, landingPage: 'https://example.org' }],
    });
    expect(created.statusCode).toBe(201);
    roleId = created.json().id;
    const role = (await call(app, s.admin, 'GET', `/api/v1/roles/${roleId}`)).json();
    await call(app, s.admin, 'PUT', '/api/v1/roles', { ...role, description: 'Keeps it well' });
    userId = await addUser(app, 'walker@example.org');
    guestRoleId = await addMember(app, userId, roleId, 'GUEST', new Date(Date.now() + 40 * 86_400_000));
    await call(app, s.admin, 'PUT', '/api/v1/user_roles', {
      userRoleId: guestRoleId,
      endDate: Math.floor(Date.now() / 1000) + 60 * 86_400,
    });
    const sent = await call(app, s.admin, 'POST', '/api/v1/invitations', {
      intendedAuthority: 'GUEST',
      invites: ['hiker@example.org'],
      roleIdentifiers: [roleId],
      language: 'nl',
    });
    expect(sent.statusCode).toBe(201);
    const invitationId = sent.json().ids[0];
    await call(app, s.admin, 'PUT', `/api/v1/invitations/${invitationId}`);
    await call(app, s.admin, 'DELETE', `/api/v1/invitations/${invitationId}`);
    expect(
      (await call(app, s.admin, 'DELETE', `/api/v1/user_roles/${roleId}/${guestRoleId}`)).statusCode,
    ).toBe(204);
  });

  it('holds every change to the role, its memberships and its invitations, newest first', async () => {
    const page = await trail(`roleId=${roleId}&pageSize=20`);
    expect(events(page.content)).toEqual([
      'user_role.delete',
      'invitation.delete',
      'invitation.resend',
      'invitation.create',
      'user_role.update',
      'role.update',
      'role.create',
    ]);
    expect(page.totalElements).toBe(7);
    expect(new Set(page.content.map((r) => r.actorName))).toEqual(new Set([ADMIN_NAME]));
    expect(page.content[0]).toEqual(
      expect.objectContaining({
        roleIds: [roleId],
        roleName: 'Trail Keepers',
        userId,
        userName: 'walker',
      }),
    );
    expect(page.content[1]).toEqual(expect.objectContaining({ userName: 'hiker@example.org' }));
  });

  it('pages, and filters by action, actor, person and period', async () => {
    const second = await trail(`roleId=${roleId}&pageSize=3&pageNumber=1`);
    expect(events(second.content)).toEqual(['invitation.create', 'user_role.update', 'role.update']);
    expect(events((await trail(`roleId=${roleId}&action=invitation.resend`)).content)).toEqual([
      'invitation.resend',
    ]);
    expect((await trail(`roleId=${roleId}&actor=nobody-like-this`)).totalElements).toBe(0);
    const actorName = (await trail(`roleId=${roleId}`)).content[0].actorName as string;
    expect(
      (await trail(`roleId=${roleId}&actor=${encodeURIComponent(actorName.slice(1, 5))}`)).totalElements,
    ).toBe(7);
    expect(events((await trail(`userId=${userId}`)).content)).toEqual([
      'user_role.delete',
      'user_role.update',
    ]);
    const now = Math.floor(Date.now() / 1000);
    expect((await trail(`roleId=${roleId}&from=${now - 3600}&to=${now + 3600}`)).totalElements).toBe(7);
    expect((await trail(`roleId=${roleId}&to=${now - 3600}`)).totalElements).toBe(0);
  });

  it("lets whoever may edit the role read that role's trail, and nobody else's", async () => {
    expect((await call(app, s.guest, 'GET', `/api/v1/audit-logs?roleId=${roleId}`)).statusCode).toBe(403);
    expect((await call(app, s.manager, 'GET', '/api/v1/audit-logs')).statusCode).toBe(403);
    const managed = await insertRole(app, 'Managed Trail');
    await addMember(app, s.manager.userId, managed, 'MANAGER');
    expect((await call(app, s.manager, 'GET', `/api/v1/audit-logs?roleId=${managed}`)).statusCode).toBe(200);
    expect((await call(app, null, 'GET', '/api/v1/audit-logs')).statusCode).toBe(401);
  });

  it('refuses unknown actions and an empty period with a reason', async () => {
    const bad = await call(app, s.admin, 'GET', '/api/v1/audit-logs?action=role.explode');
    expect(bad.statusCode).toBe(400);
    const backwards = await call(app, s.admin, 'GET', '/api/v1/audit-logs?from=2000&to=1000');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('The start of the period must lie before its end');
  });
});

describe('tokens in the trail', () => {
  it("names the token's owner, so the person's trail shows tokens created and deleted", async () => {
    await call(app, s.admin, 'GET', '/api/v1/tokens/generate-token');
    const created = await call(app, s.admin, 'POST', '/api/v1/tokens', { description: 'Trail script' });
    expect(created.statusCode).toBe(201);
    expect((await call(app, s.admin, 'DELETE', `/api/v1/tokens/${created.json().id}`)).statusCode).toBe(204);
    const rows = (await trail(`userId=${s.admin.userId}&entityType=api_token`)).content;
    expect(events(rows)).toEqual(['api_token.delete', 'api_token.create']);
    expect(rows.map((r) => r.userName)).toEqual([ADMIN_NAME, ADMIN_NAME]);
  });
});

describe('impersonation in the trail', () => {
  it('records the start once and the end when the console says so', async () => {
    const target = s.guest.userId;
    const as = { ...s.admin, headers: { ...s.admin.headers, 'x-impersonate-id': String(target) } };
    await call(app, as, 'GET', '/api/v1/users/me');
    await call(app, as, 'GET', '/api/v1/users/me');
    expect((await call(app, as, 'POST', '/api/v1/audit-logs/impersonation-end')).statusCode).toBe(204);
    // The guest's own refusals earlier in this file are in their trail too (user.denied).
    const rows = (await trail(`userId=${target}&entityType=user`)).content.filter(
      (row: { action: string }) => row.action !== 'denied',
    );
    expect(events(rows)).toEqual(['user.impersonate_end', 'user.impersonate']);
    expect(rows[0].actorName).toBe(rows[1].actorName);
    expect((await call(app, s.admin, 'POST', '/api/v1/audit-logs/impersonation-end')).statusCode).toBe(400);
  });
});

it("the whole trail's total: exact up to the cap, capped past it, after rows deleted at either end", async () => {
  const all = async () => (await trail('pageSize=1')).totalElements;
  const rows = async () => count(app, 'audit_logs');
  expect(await all()).toBe(Math.min(await rows(), COUNT_CAP + 1));
  await app.db.query(
    `INSERT INTO audit_logs (actor_name, entity_type, entity_id, action, created_at)
     SELECT 'total test', 'role', g, 'create', now() - make_interval(secs => g) FROM generate_series(1, $1::int) g`,
    [COUNT_CAP + 100],
  );
  expect(await all()).toBe(COUNT_CAP + 1);
  // The oldest rows gone (the low ids), then the newest: the count follows the rows left, on either side
  // of the cap and at it.
  const keep = (n: number) =>
    app.db.query(
      'DELETE FROM audit_logs WHERE id IN (SELECT id FROM audit_logs ORDER BY id LIMIT (SELECT count(*) - $1::int FROM audit_logs))',
      [n],
    );
  for (const left of [COUNT_CAP + 1, COUNT_CAP, COUNT_CAP - 10]) {
    await keep(left);
    expect(await rows()).toBe(left);
    expect(await all()).toBe(left);
  }
  await app.db.query("DELETE FROM audit_logs WHERE actor_name = 'total test'");
  expect(await all()).toBe(await rows());
  // Emptied whole, then written again: the kept number (migration 044) follows.
  await app.db.query('TRUNCATE audit_logs');
  expect(await all()).toBe(0);
  await app.db.query(
    `INSERT INTO audit_logs (actor_name, entity_type, entity_id, action)
     SELECT 'total test', 'role', g, 'create' FROM generate_series(1, 3) g`,
  );
  expect(await all()).toBe(3);
});

describe("the performance seed's trail", () => {
  it('writes a row per seeded role, membership and invitation, and replaces it on the next run', async () => {
    const seeded = await performanceSeed(app.db, { roles: 5, users: 40 });
    const written = await seedAuditTrail(app.db, {
      subPrefix: SUB_PREFIX,
      shortNamePrefix: SHORT_NAME_PREFIX,
      emailDomain: EMAIL_DOMAIN,
      batch: 7,
    });
    expect(written).toBe(seeded.roles + seeded.userRoles + seeded.invitations);
    expect(
      await seedAuditTrail(app.db, {
        subPrefix: SUB_PREFIX,
        shortNamePrefix: SHORT_NAME_PREFIX,
        emailDomain: EMAIL_DOMAIN,
      }),
    ).toBe(written);
    const all = await trail('actor=performance%20seed&pageSize=1000');
    expect(all.totalElements).toBe(written);
    // Newest first across the whole trail.
    const times = all.content.map((r) => r.createdAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('leaves the trail vacuumed (on PGlite too: its upkeep would vacuum it later, holding the only backend)', async () => {
    const before = (await app.db.query<{ now: Date }>('SELECT clock_timestamp() AS now')).rows[0].now;
    await seedAuditTrail(app.db, {
      subPrefix: SUB_PREFIX,
      shortNamePrefix: SHORT_NAME_PREFIX,
      emailDomain: EMAIL_DOMAIN,
    });
    const { rows } = await app.db.query<{ vacuumed: boolean }>(
      `SELECT coalesce(last_vacuum >= $1, false) AS vacuumed FROM pg_stat_user_tables WHERE relname = 'audit_logs'`,
      [before],
    );
    expect(rows[0].vacuumed).toBe(true);
  });
});
