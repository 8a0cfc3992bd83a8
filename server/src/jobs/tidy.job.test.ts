import type { FastifyInstance } from 'fastify';
import { testConfig } from '../test/helper.js';
import {
  addMember,
  addUser,
  apiApp,
  call,
  insertRole,
  loginPersonas,
  type Sessions,
} from '../test/api-kit.js';

let app: FastifyInstance;
let s: Sessions;
let wiki: number;
beforeAll(async () => {
  app = await apiApp();
  s = await loginPersonas(app);
  wiki = await insertRole(app, 'Tidy Wiki', ['app-wiki']);
});
afterAll(() => app.close());

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
const exists = async (id: number) =>
  (await app.db.query('SELECT 1 FROM users WHERE id = $1', [id])).rowCount === 1;
const auditRows = async (action: string, entityId: number) =>
  (
    await app.db.query(
      'SELECT before FROM audit_logs WHERE action = $1 AND entity_type = $2 AND entity_id = $3',
      [action, 'user', entityId],
    )
  ).rows as Array<{ before: { memberships: number; reason: string } }>;

describe('tidy data: users inactive for TIDY_INACTIVE_USER_DAYS (default 1,000)', () => {
  it('removes them with their memberships, counted in the result and audited; active users stay', async () => {
    const idle = await addUser(app, 'idle@example.org');
    await addMember(app, idle, wiki, 'GUEST');
    await app.db.query('UPDATE users SET last_activity = $2 WHERE id = $1', [idle, daysAgo(1001)]);
    const recent = await addUser(app, 'recent@example.org');
    await app.db.query('UPDATE users SET last_activity = $2 WHERE id = $1', [recent, daysAgo(999)]);

    const res = await call(app, s.admin, 'GET', '/api/v1/system/cron/inactive-users');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ job: 'inactive-users', days: 1000, removedUsers: 1, removedMemberships: 1 });
    expect(body.users.map((u: { email: string }) => u.email)).toEqual(['idle@example.org']);
    expect(await exists(idle)).toBe(false);
    expect(await exists(recent)).toBe(true);
    expect((await app.db.query('SELECT 1 FROM user_roles WHERE user_id = $1', [idle])).rowCount).toBe(0);
    const [row] = await auditRows('cleanup', idle);
    expect(row.before).toMatchObject({ memberships: 1, reason: 'inactive for 1000 days' });
  });

  it('keeps a user whose API token automation used lately', async () => {
    const owner = await addUser(app, 'robot-owner@example.org');
    await app.db.query('UPDATE users SET last_activity = $2 WHERE id = $1', [owner, daysAgo(2000)]);
    await app.db.query(
      "INSERT INTO api_tokens (hashed_value, description, owner_id, last_used_at) VALUES ('tidy-hash', 'robot', $1, now())",
      [owner],
    );
    const body = (await call(app, s.admin, 'GET', '/api/v1/system/cron/inactive-users')).json();
    expect(body.removedUsers).toBe(0);
    expect(await exists(owner)).toBe(true);
  });
});

describe('tidy data: users without any membership for TIDY_USERS_WITHOUT_ROLES_DAYS', () => {
  it('counts from the moment the last membership went, and spares super users and institution admins', async () => {
    const left = await addUser(app, 'left@example.org');
    const membership = await addMember(app, left, wiki, 'GUEST');
    const since = async () =>
      (
        await app.db.query<{ s: Date | null }>('SELECT without_roles_since AS s FROM users WHERE id = $1', [
          left,
        ])
      ).rows[0].s;
    expect(await since()).toBeNull();
    await app.db.query('DELETE FROM user_roles WHERE id = $1', [membership]);
    expect(await since()).not.toBeNull();

    const body0 = (await call(app, s.admin, 'GET', '/api/v1/system/cron/users-without-roles')).json();
    expect(body0.users.map((u: { email: string }) => u.email)).not.toContain('left@example.org');

    await app.db.query('UPDATE users SET without_roles_since = $2 WHERE id = $1', [left, daysAgo(91)]);
    await app.db.query("UPDATE users SET without_roles_since = $1 WHERE sub LIKE '%admin%'", [daysAgo(500)]);
    const res = await call(app, s.admin, 'GET', '/api/v1/system/cron/users-without-roles');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.days).toBe(90);
    expect(body.users.map((u: { email: string }) => u.email)).toContain('left@example.org');
    expect(await exists(left)).toBe(false);
    expect(await exists(s.admin.userId)).toBe(true);
    expect(await exists(s.institutionAdmin.userId)).toBe(true);
    expect((await auditRows('cleanup', left))[0].before.reason).toBe('without a membership for 90 days');
  });
});

describe('tidy data: audit rows older than AUDIT_RETENTION_DAYS (default 365)', () => {
  it('removes old rows and leaves one row that counts them', async () => {
    await app.db.query(
      "INSERT INTO audit_logs (entity_type, entity_id, action, created_at) VALUES ('role', 1, 'create', $1), ('role', 2, 'create', $1), ('role', 3, 'create', now())",
      [daysAgo(400)],
    );
    const res = await call(app, s.admin, 'GET', '/api/v1/system/cron/audit-retention');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ job: 'audit-retention', days: 365, removedAuditRows: 2 });
    const old = await app.db.query("SELECT 1 FROM audit_logs WHERE created_at < now() - interval '365 days'");
    expect(old.rowCount).toBe(0);
    const counted = await app.db.query<{ after: { removed: number } }>(
      "SELECT after FROM audit_logs WHERE entity_type = 'audit_log' AND action = 'cleanup'",
    );
    expect(counted.rows[0].after.removed).toBe(2);
  });

  it('refuses a retention below the documented floor of 90 days at start', async () => {
    expect(() => testConfig({ AUDIT_RETENTION_DAYS: '89' })).toThrow(/AUDIT_RETENTION_DAYS/);
    expect(testConfig({ AUDIT_RETENTION_DAYS: '90' }).tidy.auditRetentionDays).toBe(90);
  });
});

describe('tidy data: expired invitations kept INVITATION_RETENTION_DAYS (default 30) for their history', () => {
  it('lets the cleanup remove only those expired longer ago', async () => {
    await app.db.query(
      `INSERT INTO invitations (hash, email, intended_authority, expiry_date) VALUES
       ('tidy-recent', 'recently-expired@example.org', 'GUEST', now() - interval '10 days'),
       ('tidy-old', 'long-expired@example.org', 'GUEST', now() - interval '31 days')`,
    );
    const res = await call(app, s.admin, 'GET', '/api/v1/system/cron/cleanup');
    const emails = res.json().invitations.map((i: { email: string }) => i.email);
    expect(emails).toContain('long-expired@example.org');
    expect(emails).not.toContain('recently-expired@example.org');
  });
});

describe('tidy jobs', () => {
  it('are for super users only', async () => {
    for (const job of ['inactive-users', 'users-without-roles', 'audit-retention']) {
      expect((await call(app, s.manager, 'GET', `/api/v1/system/cron/${job}`)).statusCode).toBe(403);
    }
  });

  it('do nothing when switched off with 0 days', async () => {
    const off = await apiApp({ env: { TIDY_INACTIVE_USER_DAYS: '0' } });
    try {
      const admin = (await loginPersonas(off)).admin;
      const idle = await addUser(off, 'idle-off@example.org');
      await off.db.query('UPDATE users SET last_activity = $2 WHERE id = $1', [idle, daysAgo(5000)]);
      const body = (await call(off, admin, 'GET', '/api/v1/system/cron/inactive-users')).json();
      expect(body).toMatchObject({ days: 0, removedUsers: 0 });
    } finally {
      await off.close();
    }
  });
});
