import type { FastifyInstance } from 'fastify';
import type { OutgoingMail } from '../domain/outgoing-mail.js';
import { CSRF_REFUSAL } from '../plugins/csrf.js';
import {
  addMember,
  addUser,
  apiApp,
  call,
  count,
  DAY,
  insertRole,
  loginPersonas,
  type Sessions,
} from '../test/api-kit.js';

let app: FastifyInstance;
let s: Sessions;
let wiki: number;
const sent: OutgoingMail[] = [];
const days = (n: number) => new Date(Date.now() + n * DAY * 1000);

beforeAll(async () => {
  app = await apiApp({
    mailer: { send: async (mail) => void sent.push(mail) },
    config: { performanceSeedAllowed: false },
  });
  s = await loginPersonas(app);
  wiki = await insertRole(app, 'Wiki Editors', ['app-wiki']);
});
afterAll(() => app.close());

describe('cron: cleanup', () => {
  it('removes invitations expired past INVITATION_RETENTION_DAYS and ended user roles, audited, and reports them', async () => {
    const soon = await addMember(app, await addUser(app, 'soon@example.org'), wiki, 'GUEST', days(5));
    const past = await addMember(app, await addUser(app, 'past@example.org'), wiki, 'GUEST', days(-1));
    await app.db.query(
      `INSERT INTO invitations (hash, email, intended_authority, expiry_date) VALUES
       ('h-old', 'old@example.org', 'GUEST', now() - interval '31 days'), ('h-new', 'new@example.org', 'GUEST', now() + interval '1 day')`,
    );
    const res = await call(app, s.admin, 'GET', '/api/v1/system/cron/cleanup');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.invitations.map((i: { email: string }) => i.email)).toEqual(['old@example.org']);
    expect(body.userRoles).toEqual([
      expect.objectContaining({ id: past, email: 'past@example.org', roleName: 'Wiki Editors' }),
    ]);
    expect(
      (await app.db.query('SELECT id FROM user_roles WHERE id = ANY($1::bigint[])', [[soon, past]])).rows.map(
        (r) => Number(r.id),
      ),
    ).toEqual([soon]);
    expect(await count(app, 'invitations')).toBe(1);
    const audit = await app.db.query("SELECT actor_name FROM audit_logs WHERE action = 'cleanup'");
    expect(audit.rows).toHaveLength(2);
    expect(audit.rows[0]).toEqual({ actor_name: 'system' });
  });
});

describe('cron: expiry notifications', () => {
  it('mails each user role ending within the window once', async () => {
    await addMember(app, await addUser(app, 'ending@example.org'), wiki, 'GUEST', days(10));
    await addMember(app, await addUser(app, 'later@example.org'), wiki, 'GUEST', days(90));
    const first = (await call(app, s.admin, 'GET', '/api/v1/system/cron/expiry-notifications')).json();
    const recipients = first.mails.map((m: { to: string }) => m.to).sort();
    expect(recipients).toEqual(['ending@example.org', 'soon@example.org']);
    expect(first.mails[0].subject).toContain('Wiki Editors');
    expect(first.mails[0].text).toContain('Research Wiki');
    expect(sent.map((m) => m.to).sort()).toEqual(recipients);
    const second = (await call(app, s.admin, 'GET', '/api/v1/system/cron/expiry-notifications')).json();
    expect(second.mails).toEqual([]);
  });
});

describe("cron: expiry notifications in the recipient's language", () => {
  it('writes in Dutch to whoever accepted a Dutch invitation for the role, HTML and text, with a link', async () => {
    const userId = await addUser(app, 'nederlands@example.org');
    await addMember(app, userId, wiki, 'GUEST', days(12));
    const { rows } = await app.db.query<{ id: string }>(
      `INSERT INTO invitations (hash, email, intended_authority, status, language, expiry_date, accepted_by, accepted_at)
       VALUES ('h-nl', 'nederlands@example.org', 'GUEST', 'ACCEPTED', 'nl', now() + interval '1 day', $1, now())
       RETURNING id`,
      [userId],
    );
    await app.db.query('INSERT INTO invitation_roles (invitation_id, role_id) VALUES ($1, $2)', [
      rows[0].id,
      wiki,
    ]);
    await addMember(app, await addUser(app, 'english@example.org'), wiki, 'GUEST', days(12));
    const { mails } = (await call(app, s.admin, 'GET', '/api/v1/system/cron/expiry-notifications')).json();
    const dutch = mails.find((m: { to: string }) => m.to === 'nederlands@example.org');
    const english = mails.find((m: { to: string }) => m.to === 'english@example.org');
    expect(dutch.subject).toBe('Je toegang via de rol Wiki Editors verloopt binnenkort');
    expect(dutch.text).toContain('Neem contact op met degene die je heeft uitgenodigd');
    expect(dutch.text).toMatch(/^https?:\/\/\S+$/m);
    expect(dutch.html).toContain('>Open het toegangsportaal</a>');
    expect(english.subject).toBe('Your access via role Wiki Editors is about to expire');
    expect(english.html).toContain('>Open the access portal</a>');
    expect(english.text).toContain('Contact the person who invited you');
  });
});

describe('system lists', () => {
  it('lists user roles expired or ending within a month', async () => {
    const res = await call(app, s.admin, 'GET', '/api/v1/system/expiry-user-roles');
    expect(res.statusCode).toBe(200);
    const emails = res.json().map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['soon@example.org', 'ending@example.org']));
    expect(emails).not.toContain('later@example.org');
  });

  it('refuses the performance seed unless allowed', async () => {
    expect((await call(app, s.admin, 'PUT', '/api/v1/system/performance-seed')).statusCode).toBe(403);
  });

  it('refuses a performance seed scale outside 1..100 with a reason', async () => {
    for (const scale of ['0', '101', 'ten']) {
      const response = await call(app, s.admin, 'PUT', `/api/v1/system/performance-seed?scale=${scale}`);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/scale/);
    }
  });

  it('is for super users only', async () => {
    for (const path of ['cron/cleanup', 'cron/expiry-notifications', 'unknown-roles', 'expiry-user-roles']) {
      expect((await call(app, s.institutionAdmin, 'GET', `/api/v1/system/${path}`)).statusCode).toBe(403);
      // Without a session there is no CSRF token: a cron trigger (it writes) is refused for that first.
      const anonymous = await call(app, null, 'GET', `/api/v1/system/${path}`);
      expect([anonymous.statusCode, anonymous.json().message]).toEqual(
        path.startsWith('cron/') ? [403, CSRF_REFUSAL] : [401, expect.any(String)],
      );
    }
  });
});

describe('audit logs', () => {
  it("shows a role's history to a super user and to whoever may edit the role", async () => {
    await addMember(app, s.manager.userId, wiki, 'MANAGER');
    const current = (await call(app, s.manager, 'GET', `/api/v1/roles/${wiki}`)).json();
    await call(app, s.manager, 'PUT', '/api/v1/roles', { ...current, description: 'New words' });
    const res = await call(app, s.manager, 'GET', `/api/v1/audit-logs/role/${wiki}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().content[0]).toEqual(
      expect.objectContaining({
        action: 'update',
        actorName: 'Max Manager',
        after: expect.objectContaining({ description: 'New words' }),
      }),
    );
    expect((await call(app, s.guest, 'GET', `/api/v1/audit-logs/role/${wiki}`)).statusCode).toBe(403);
    expect((await call(app, s.manager, 'GET', `/api/v1/audit-logs/invitation/1`)).statusCode).toBe(403);
    expect((await call(app, s.admin, 'GET', `/api/v1/audit-logs/role/${wiki}`)).json().totalElements).toBe(1);
  });
});
