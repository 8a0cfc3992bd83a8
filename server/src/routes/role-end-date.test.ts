/**
 * Issue 53 part 2: a role's fixed end date. The role keeps it (both APIs and their documents), and no
 * membership of the role outlives it: invitations, acceptance, direct grants, end-date changes, and the
 * memberships already there when it is set or moved earlier.
 */
import type { FastifyInstance } from 'fastify';
import { loginAs } from '../test/helper.js';
import {
  addMember,
  addUser,
  apiApp,
  call,
  DAY,
  insertRole,
  loginPersonas,
  now,
  type Sessions,
} from '../test/api-kit.js';
import { ext, makeToken } from './external/external-test-kit.js';

let app: FastifyInstance;
let s: Sessions;
let token: string;

/** Midnight UTC a whole number of days ahead, in epoch seconds. */
const daysAhead = (days: number) => Math.floor(now() / DAY) * DAY + days * DAY;

beforeAll(async () => {
  app = await apiApp({ mailer: { send: async () => undefined } });
  s = await loginPersonas(app);
  token = (await makeToken(app, s.admin, 'Semester sync')).secret;
});
afterAll(() => app.close());

const roleBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: `About ${name}`,
  applicationUsages: [{ application: { manageId: 'app-wiki' }, landingPage: 'https://example.org/start' }],
  ...extra,
});

async function roleRow(id: number) {
  const { rows } = await app.db.query<{ end_date: Date | null; default_expiry_days: number }>(
    'SELECT end_date, default_expiry_days FROM roles WHERE id = $1',
    [id],
  );
  return rows[0];
}

async function endDateOf(userRoleId: number): Promise<number | null> {
  const { rows } = await app.db.query<{ end_date: Date | null }>(
    'SELECT end_date FROM user_roles WHERE id = $1',
    [userRoleId],
  );
  return rows[0].end_date ? Math.floor(new Date(rows[0].end_date).getTime() / 1000) : null;
}

async function hashOf(invitationId: number): Promise<string> {
  const { rows } = await app.db.query<{ hash: string }>('SELECT hash FROM invitations WHERE id = $1', [
    invitationId,
  ]);
  return rows[0].hash;
}

describe('the role keeps its end date', () => {
  it('creates and reads a role with an end date through the console API (defaultExpiryDays 0)', async () => {
    const endDate = daysAhead(120);
    const res = await call(
      app,
      s.institutionAdmin,
      'POST',
      '/api/v1/roles',
      roleBody('Semester One', { endDate }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(expect.objectContaining({ endDate, defaultExpiryDays: 0 }));
    const id = res.json().id as number;
    expect((await call(app, s.institutionAdmin, 'GET', `/api/v1/roles/${id}`)).json().endDate).toBe(endDate);
    expect((await roleRow(id)).end_date).not.toBeNull();
    const { rows } = await app.db.query<{ after: { endDate: number } }>(
      "SELECT after FROM audit_logs WHERE entity_type = 'role' AND entity_id = $1 AND action = 'create'",
      [id],
    );
    expect(rows[0].after.endDate).toBe(endDate);
  });

  it('answers endDate null for a role whose memberships end N days after acceptance', async () => {
    const res = await call(app, s.institutionAdmin, 'POST', '/api/v1/roles', roleBody('Rolling Access'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(expect.objectContaining({ endDate: null, defaultExpiryDays: 365 }));
  });

  it('shows the end date in the loaded user of a member (GET users/me)', async () => {
    const endDate = daysAhead(90);
    const id = (
      await call(app, s.institutionAdmin, 'POST', '/api/v1/roles', roleBody('Semester Me', { endDate }))
    ).json().id as number;
    await addMember(app, s.manager.userId, id, 'MANAGER', new Date(daysAhead(30) * 1000));
    const me = (await call(app, s.manager, 'GET', '/api/v1/users/me')).json();
    const held = me.userRoles.find((userRole: { role: { id: number } }) => userRole.role.id === id);
    expect(held.role.endDate).toBe(endDate);
    expect(held.endDate).toBe(daysAhead(30));
  });

  it('refuses both defaultExpiryDays and endDate at once, and a past end date, naming the field', async () => {
    const both = await call(
      app,
      s.institutionAdmin,
      'POST',
      '/api/v1/roles',
      roleBody('Both Ways', { endDate: daysAhead(10), defaultExpiryDays: 30 }),
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('Give defaultExpiryDays or endDate, not both');
    const past = await call(
      app,
      s.institutionAdmin,
      'POST',
      '/api/v1/roles',
      roleBody('Bygone', { endDate: now() - DAY }),
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('endDate must be in the future');
    const { rows } = await app.db.query("SELECT 1 FROM roles WHERE name IN ('Both Ways', 'Bygone')");
    expect(rows).toHaveLength(0);
  });

  it('takes a past end date when PAST_DATE_ALLOWED', async () => {
    const lenient = await apiApp({ config: { pastDateAllowed: true } });
    try {
      const admin = await loginAs(lenient, 'admin');
      // One value: two readings of the clock may fall on either side of a second.
      const endDate = now() - DAY;
      const res = await call(lenient, admin, 'POST', '/api/v1/roles', roleBody('Last Year', { endDate }));
      expect(res.statusCode).toBe(201);
      expect(res.json().endDate).toBe(endDate);
    } finally {
      await lenient.close();
    }
  });

  it('carries endDate through the external API, and clears it on a PUT without it', async () => {
    const endDate = daysAhead(60);
    const created = await ext(app, token, 'POST', '/roles', roleBody('Contract Staff', { endDate }));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual(expect.objectContaining({ endDate, defaultExpiryDays: 0 }));
    const id = created.json().id as number;
    expect((await ext(app, token, 'GET', `/roles/${id}`)).json().endDate).toBe(endDate);
    const both = await ext(app, token, 'PUT', '/roles', {
      id,
      ...roleBody('Contract Staff', { endDate, defaultExpiryDays: 9 }),
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().detail).toBe('Give defaultExpiryDays or endDate, not both');
    const cleared = await ext(app, token, 'PUT', '/roles', {
      id,
      ...roleBody('Contract Staff', { defaultExpiryDays: 200 }),
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual(expect.objectContaining({ endDate: null, defaultExpiryDays: 200 }));
  });

  it('documents endDate in both OpenAPI documents, in the role and in its body', async () => {
    for (const [url, prefix] of [
      ['/api/v1/openapi.json', '/api/v1'],
      ['/api/external/v1/openapi.json', '/api/external/v1'],
    ]) {
      const doc = (await app.inject({ method: 'GET', url })).json();
      const post = doc.paths[`${prefix}/roles`].post;
      const body = post.requestBody.content['application/json'].schema;
      expect(body.properties.endDate.type).toEqual(['integer', 'null']);
      expect(body.properties.endDate.description).toMatch(/ends on this date at the latest/);
      const answer = post.responses['201'].content['application/json'].schema;
      expect(answer.properties.endDate).toBeDefined();
    }
  });
});

describe('no membership outlives the role', () => {
  let semester: number;
  const endDate = daysAhead(100);

  beforeAll(async () => {
    semester = await insertRole(app, 'Algebra Semester', ['app-wiki'], { defaultExpiryDays: 0 });
    await app.db.query('UPDATE roles SET end_date = $2 WHERE id = $1', [semester, new Date(endDate * 1000)]);
    await addMember(app, s.manager.userId, semester, 'MANAGER');
  });

  const invite = (extra: Record<string, unknown>) => ({
    intendedAuthority: 'GUEST',
    invites: [`student${Math.random().toString(36).slice(2, 8)}@example.org`],
    roleIdentifiers: [semester],
    ...extra,
  });

  it('refuses an invitation whose roleExpiryDate is after the role end date, naming the field; nothing is stored', async () => {
    const before = (await app.db.query('SELECT count(*)::int AS n FROM invitations')).rows[0];
    const res = await call(
      app,
      s.manager,
      'POST',
      '/api/v1/invitations',
      invite({ roleExpiryDate: endDate + DAY }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(
      /^roleExpiryDate is after the end date of role Algebra Semester \(\d{4}-\d{2}-\d{2}\)$/,
    );
    const external = await ext(app, token, 'POST', '/invitations', invite({ roleExpiryDate: endDate + DAY }));
    expect(external.statusCode).toBe(400);
    expect(external.json().detail).toMatch(/^roleExpiryDate is after the end date/);
    expect((await app.db.query('SELECT count(*)::int AS n FROM invitations')).rows[0]).toEqual(before);
  });

  it('accepts an invitation up to the role end date, and the membership ends on it', async () => {
    const res = await call(
      app,
      s.manager,
      'POST',
      '/api/v1/invitations',
      invite({ roleExpiryDate: endDate, invites: ['sam@example.org'] }),
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().ids[0] as number;
    const sam = await loginAs(app, 'sam@example.org');
    const accepted = await call(app, sam, 'POST', '/api/v1/invitations/accept', {
      hash: await hashOf(id),
      invitationId: id,
    });
    expect(accepted.statusCode).toBe(201);
    const me = (await call(app, sam, 'GET', '/api/v1/users/me')).json();
    expect(me.userRoles.find((u: { role: { id: number } }) => u.role.id === semester).endDate).toBe(endDate);
  });

  it('caps at acceptance: without a role expiry, and with one stored before the role got its end date', async () => {
    const open = await call(
      app,
      s.manager,
      'POST',
      '/api/v1/invitations',
      invite({ roleExpiryDate: null, invites: ['ria@example.org'] }),
    );
    const late = await call(
      app,
      s.manager,
      'POST',
      '/api/v1/invitations',
      invite({ roleExpiryDate: endDate - DAY, invites: ['tom@example.org'] }),
    );
    const lateId = late.json().ids[0] as number;
    // As if invited before the role's end date was set: the stored role expiry lies past it.
    await app.db.query('UPDATE invitations SET role_expiry_date = $2 WHERE id = $1', [
      lateId,
      new Date((endDate + 50 * DAY) * 1000),
    ]);
    await app.db.query('UPDATE invitation_roles SET end_date = $2 WHERE invitation_id = $1', [
      lateId,
      new Date((endDate + 50 * DAY) * 1000),
    ]);
    for (const [email, res] of [
      ['ria@example.org', open],
      ['tom@example.org', late],
    ] as const) {
      const id = res.json().ids[0] as number;
      const person = await loginAs(app, email);
      expect(
        (
          await call(app, person, 'POST', '/api/v1/invitations/accept', {
            hash: await hashOf(id),
            invitationId: id,
          })
        ).statusCode,
      ).toBe(201);
      const me = (await call(app, person, 'GET', '/api/v1/users/me')).json();
      expect(me.userRoles.find((u: { role: { id: number } }) => u.role.id === semester).endDate).toBe(
        endDate,
      );
    }
  });

  it('refuses a direct grant past the role end date through the external API, and caps one without a date', async () => {
    const grant = (extra: Record<string, unknown>) =>
      ext(app, token, 'POST', '/user_roles/user_role_provisioning', {
        roleIdentifiers: [semester],
        intendedAuthority: 'GUEST',
        email: 'direct@example.org',
        ...extra,
      });
    const late = await grant({ endDate: endDate + 30 * DAY });
    expect(late.statusCode).toBe(400);
    expect(late.json().detail).toMatch(/^endDate is after the end date of role Algebra Semester/);
    expect((await app.db.query("SELECT 1 FROM users WHERE email = 'direct@example.org'")).rows).toHaveLength(
      0,
    );
    const open = await grant({});
    expect(open.statusCode).toBe(201);
    expect(open.json().userRoles[0].endDate).toBe(endDate);
  });

  it("refuses moving a membership's end date past the role's, or clearing it, with the reason; nothing changes", async () => {
    const member = await addMember(
      app,
      await addUser(app, 'una@example.org'),
      semester,
      'INVITER',
      new Date((endDate - 10 * DAY) * 1000),
    );
    for (const [who, body] of [
      [s.manager, { userRoleId: member, endDate: endDate + DAY }],
      [s.admin, { userRoleId: member, endDate: null }],
    ] as const) {
      const res = await call(app, who, 'PUT', '/api/v1/user_roles', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(
        /^The end date cannot be after the role's end date \(\d{4}-\d{2}-\d{2}\)$/,
      );
    }
    const external = await ext(app, token, 'PUT', '/user_roles', {
      userRoleId: member,
      endDate: endDate + DAY,
    });
    expect(external.statusCode).toBe(400);
    expect(external.json().detail).toMatch(/^The end date cannot be after the role's end date/);
    expect(await endDateOf(member)).toBe(endDate - 10 * DAY);
    const ok = await call(app, s.manager, 'PUT', '/api/v1/user_roles', { userRoleId: member, endDate });
    expect(ok.statusCode).toBe(200);
    expect(await endDateOf(member)).toBe(endDate);
  });
});

describe("setting or moving a role's end date caps the memberships already there", () => {
  it('caps later and open-ended memberships, audited, leaves earlier ones; moving it later extends none', async () => {
    const created = await call(app, s.institutionAdmin, 'POST', '/api/v1/roles', roleBody('Project Falcon'));
    const role = created.json() as { id: number };
    const open = await addMember(app, await addUser(app, 'open@example.org'), role.id, 'GUEST');
    const later = await addMember(
      app,
      await addUser(app, 'later@example.org'),
      role.id,
      'GUEST',
      new Date(daysAhead(300) * 1000),
    );
    const early = await addMember(
      app,
      await addUser(app, 'early@example.org'),
      role.id,
      'GUEST',
      new Date(daysAhead(20) * 1000),
    );
    await app.db.query('UPDATE user_roles SET expiry_notified_at = now() WHERE id = $1', [later]);
    const endDate = daysAhead(50);
    const res = await call(app, s.institutionAdmin, 'PUT', '/api/v1/roles', {
      id: role.id,
      ...roleBody('Project Falcon', { endDate }),
    });
    expect(res.statusCode).toBe(200);
    expect(await endDateOf(open)).toBe(endDate);
    expect(await endDateOf(later)).toBe(endDate);
    expect(await endDateOf(early)).toBe(daysAhead(20));
    // The notification sent for the later date does not count for the new one.
    const notified = await app.db.query<{ expiry_notified_at: Date | null }>(
      'SELECT expiry_notified_at FROM user_roles WHERE id = $1',
      [later],
    );
    expect(notified.rows[0].expiry_notified_at).toBeNull();
    const audits = await app.db.query<{
      entity_id: string;
      before: { endDate: number | null };
      after: { endDate: number; reason: string };
    }>(
      "SELECT entity_id, before, after FROM audit_logs WHERE entity_type = 'user_role' AND action = 'update' AND entity_id = ANY($1::bigint[]) ORDER BY entity_id",
      [[open, later, early]],
    );
    expect(
      audits.rows.map((row) => [
        Number(row.entity_id),
        row.before.endDate,
        row.after.endDate,
        row.after.reason,
      ]),
    ).toEqual([
      [open, null, endDate, "the role's end date"],
      [later, daysAhead(300), endDate, "the role's end date"],
    ]);

    const moved = await call(app, s.institutionAdmin, 'PUT', '/api/v1/roles', {
      id: role.id,
      ...roleBody('Project Falcon', { endDate: daysAhead(80) }),
    });
    expect(moved.statusCode).toBe(200);
    expect(await endDateOf(open)).toBe(endDate);
    const earlier = await call(app, s.institutionAdmin, 'PUT', '/api/v1/roles', {
      id: role.id,
      ...roleBody('Project Falcon', { endDate: daysAhead(10) }),
    });
    expect(earlier.statusCode).toBe(200);
    expect([await endDateOf(open), await endDateOf(later), await endDateOf(early)]).toEqual([
      daysAhead(10),
      daysAhead(10),
      daysAhead(10),
    ]);
  });

  it('lists a capped membership among the expiring ones, and the cleanup removes it once the role has ended', async () => {
    const lenient = await apiApp({ config: { pastDateAllowed: true } });
    try {
      const admin = await loginAs(lenient, 'admin');
      const role = (
        await call(lenient, admin, 'POST', '/api/v1/roles', roleBody('Summer School'))
      ).json() as { id: number };
      const member = await addMember(lenient, await addUser(lenient, 'summer@example.org'), role.id, 'GUEST');
      const soon = daysAhead(5);
      await call(lenient, admin, 'PUT', '/api/v1/roles', {
        id: role.id,
        ...roleBody('Summer School', { endDate: soon }),
      });
      const expiring = (await call(lenient, admin, 'GET', '/api/v1/system/expiry-user-roles')).json();
      expect(expiring.map((u: { email: string }) => u.email)).toContain('summer@example.org');
      // The role ends yesterday (allowed here): its membership has ended and the cleanup removes it.
      const ended = now() - DAY;
      const res = await call(lenient, admin, 'PUT', '/api/v1/roles', {
        id: role.id,
        ...roleBody('Summer School', { endDate: ended }),
      });
      expect(res.statusCode).toBe(200);
      expect((await call(lenient, admin, 'GET', '/api/v1/system/cron/cleanup')).statusCode).toBe(200);
      const { rows } = await lenient.db.query('SELECT 1 FROM user_roles WHERE id = $1', [member]);
      expect(rows).toHaveLength(0);
    } finally {
      await lenient.close();
    }
  });

  it('refuses an invitation to a role that has ended', async () => {
    const role = await insertRole(app, 'Closed Course', ['app-wiki'], { defaultExpiryDays: 0 });
    await app.db.query("UPDATE roles SET end_date = now() - interval '1 day' WHERE id = $1", [role]);
    const res = await call(app, s.admin, 'POST', '/api/v1/invitations', {
      intendedAuthority: 'GUEST',
      invites: ['late@example.org'],
      roleIdentifiers: [role],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(
      /^Role Closed Course ended on \d{4}-\d{2}-\d{2}: it grants no access any more$/,
    );
  });
});
