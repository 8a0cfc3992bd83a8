/**
 * Application managers (issue 53): invited by a super user or an institution admin for applications of
 * their organisation (manageIdentifiers checked against the registry), made by acceptance (user_applications
 * with invitation, inviter and time), running the roles of their applications and nothing else, listed
 * (`GET users/applicationManagers`) and removed (`PUT users/removeApplicationManager/{userId}`, audited),
 * the removal holding from the next request on every instance.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { Db } from '../db/types.js';
import { fileRegistry } from '../registry/file-registry.js';
import { call, DAY, HW_GUID, insertRole, loginPersonas, now, type Sessions } from '../test/api-kit.js';
import { claimsOf } from '../test/authority-kit.js';
import { loginWithClaims, testConfig, type TestSession } from '../test/helper.js';
import { freshTestDb } from '../test/template-db.js';

const LIST = '/api/v1/users/applicationManagers';
const REMOVE = '/api/v1/users/removeApplicationManager';
const WIKI = { manageId: 'app-wiki', manageType: 'saml20_sp' };
const LIBRARY = { manageId: 'app-library', manageType: 'oidc10_rp' };
/** Of another organisation (Amstel): not the Harderwijk institution admin's to grant. */
const ROOSTER = { manageId: 'app-rooster', manageType: 'saml20_sp' };

let db: Db;
/** Two instances over one database, as behind a load balancer. */
let a: FastifyInstance;
let b: FastifyInstance;
let s: Sessions;
let seq = 0;

beforeAll(async () => {
  db = await freshTestDb();
  const start = async () => {
    const app = await buildApp({ config: testConfig(), db, registry: fileRegistry(), logger: false });
    await app.ready();
    return app;
  };
  [a, b] = [await start(), await start()];
  s = await loginPersonas(a);
});
afterAll(async () => {
  await a.close();
  await b.close();
  await db.close();
});

type Person = TestSession & { email: string };

async function person(): Promise<Person> {
  const email = `app.manager.${++seq}@example.org`;
  return { ...(await loginWithClaims(a, claimsOf(email))), email };
}

const invite = (inviter: TestSession, email: string, manageIdentifiers: unknown, extra: object = {}) =>
  call(a, inviter, 'POST', '/api/v1/invitations', {
    intendedAuthority: 'APPLICATION_MANAGER',
    invites: [email],
    roleIdentifiers: [],
    language: 'en',
    expiryDate: now() + 14 * DAY,
    manageIdentifiers,
    ...extra,
  });

/** `inviter` makes a new person application manager of these applications; the person accepts. */
async function applicationManager(
  inviter: TestSession,
  apps: object[],
): Promise<Person & { invitationId: number }> {
  const who = await person();
  const created = await invite(inviter, who.email, apps);
  expect(created.statusCode).toBe(201);
  const invitationId = Number(created.json().ids[0]);
  const { rows } = await db.query<{ hash: string }>('SELECT hash FROM invitations WHERE id = $1', [
    invitationId,
  ]);
  const accepted = await call(a, who, 'POST', '/api/v1/invitations/accept', {
    hash: rows[0].hash,
    invitationId,
  });
  expect(accepted.statusCode).toBe(201);
  return { ...who, invitationId };
}

const me = async (app: FastifyInstance, session: TestSession) =>
  (await call(app, session, 'GET', '/api/v1/users/me')).json();
const grantsOf = async (userId: number) =>
  (
    await db.query<{ manage_id: string }>(
      'SELECT manage_id FROM user_applications WHERE user_id = $1 ORDER BY manage_id',
      [userId],
    )
  ).rows.map((row) => row.manage_id);
const newRole = (manageId: string) => ({
  name: `Role on ${manageId} ${++seq}`,
  description: 'made by an application manager',
  applicationUsages: [{ application: { manageId }, landingPage: 'https://example.org' }],
});

describe('inviting an application manager', () => {
  it('an institution admin invites one for its own applications: accepting grants them, with the invitation and the inviter', async () => {
    const manager = await applicationManager(s.institutionAdmin, [WIKI, LIBRARY]);
    const { rows } = await db.query(
      `SELECT ua.manage_id, ua.manage_type, ua.invitation_id::int AS invitation_id, ua.granted_by_id::int AS granted_by_id,
              ua.granted_by_name
         FROM user_applications ua WHERE ua.user_id = $1 ORDER BY ua.manage_id`,
      [manager.userId],
    );
    expect(rows).toEqual([
      {
        manage_id: 'app-library',
        manage_type: 'oidc10_rp',
        invitation_id: manager.invitationId,
        granted_by_id: s.institutionAdmin.userId,
        granted_by_name: 'Iris Institution',
      },
      {
        manage_id: 'app-wiki',
        manage_type: 'saml20_sp',
        invitation_id: manager.invitationId,
        granted_by_id: s.institutionAdmin.userId,
        granted_by_name: 'Iris Institution',
      },
    ]);
    const user = await me(a, manager);
    expect(user.highestAuthority).toBe('APPLICATION_MANAGER');
    expect(user.managedApplications.map((app: { id: string }) => app.id)).toEqual([
      'app-library',
      'app-wiki',
    ]);
    const page = (
      await call(a, s.institutionAdmin, 'GET', '/api/v1/invitations/search?status=accepted&pageSize=100')
    ).json();
    const invitation = page.content.find((entry: { id: number }) => entry.id === manager.invitationId);
    expect(invitation).toMatchObject({
      intendedAuthority: 'APPLICATION_MANAGER',
      manageIdentifiers: [LIBRARY, WIKI],
    });
    // The invitation names its applications as the registry does (the accept page shows them).
    expect(invitation.manageIdentifiers.map((app: { 'name:en'?: string }) => app['name:en'])).toEqual([
      'University Library',
      'Research Wiki',
    ]);
    const audit = await db.query<{ after: { granted: unknown } }>(
      "SELECT after FROM audit_logs WHERE entity_type = 'invitation' AND action = 'accept' AND entity_id = $1",
      [manager.invitationId],
    );
    expect(audit.rows[0].after.granted).toEqual({
      authority: 'APPLICATION_MANAGER',
      applications: ['app-library', 'app-wiki'],
    });
  });

  it('a super user invites one for any application', async () => {
    const manager = await applicationManager(s.admin, [ROOSTER]);
    expect(await grantsOf(manager.userId)).toEqual(['app-rooster']);
  });

  it.each([
    ['no applications', [], 'manageIdentifiers is required'],
    ['none at all', undefined, 'manageIdentifiers is required'],
    [
      'an unknown application',
      [{ manageId: 'app-nowhere', manageType: 'saml20_sp' }],
      'The value is invalid for manageIdentifiers: app-nowhere',
    ],
    [
      'the wrong type',
      [{ manageId: 'app-wiki', manageType: 'oidc10_rp' }],
      'The value is invalid for manageIdentifiers: app-wiki',
    ],
    ['one twice', [WIKI, WIKI], 'manageIdentifiers names app-wiki twice'],
  ])('refuses %s with a 400 naming the field, and writes nothing', async (_name, apps, message) => {
    const email = `refused.${++seq}@example.org`;
    const res = await invite(s.admin, email, apps);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect((await db.query('SELECT 1 FROM invitations WHERE email = $1', [email])).rowCount).toBe(0);
  });

  it('refuses applications on another kind of invitation, and roles on an application-manager invitation', async () => {
    const wiki = await insertRole(a, `Plain ${++seq}`, ['app-wiki']);
    const guest = await call(a, s.admin, 'POST', '/api/v1/invitations', {
      intendedAuthority: 'GUEST',
      invites: [`guest.${seq}@example.org`],
      roleIdentifiers: [wiki],
      manageIdentifiers: [WIKI],
    });
    expect(guest.statusCode).toBe(400);
    expect(guest.json().message).toContain('manageIdentifiers');
    const withRole = await invite(s.admin, `role.${seq}@example.org`, [WIKI], { roleIdentifiers: [wiki] });
    expect(withRole.statusCode).toBe(403);
  });

  it("refuses an institution admin another organisation's application, and everyone below institution admin", async () => {
    const foreign = await invite(s.institutionAdmin, `foreign.${++seq}@example.org`, [WIKI, ROOSTER]);
    expect(foreign.statusCode).toBe(403);
    const manager = await applicationManager(s.institutionAdmin, [WIKI]);
    for (const session of [s.manager, manager]) {
      const res = await invite(session, `nope.${++seq}@example.org`, [WIKI]);
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('what an application manager may do', () => {
  it('runs the roles of its applications and nothing else', async () => {
    const manager = await applicationManager(s.institutionAdmin, [WIKI]);
    // Creates a role on its application, not on another.
    const made = await call(a, manager, 'POST', '/api/v1/roles', newRole('app-wiki'));
    expect(made.statusCode).toBe(201);
    expect(made.json().organizationGUID).toBe(HW_GUID);
    expect((await call(a, manager, 'POST', '/api/v1/roles', newRole('app-gitlab'))).statusCode).toBe(403);
    // Edits and deletes it; invites a manager for it, not an institution admin.
    const role = made.json();
    expect(
      (await call(a, manager, 'PUT', '/api/v1/roles', { ...role, description: 'changed' })).statusCode,
    ).toBe(200);
    const invited = await call(a, manager, 'POST', '/api/v1/invitations', {
      intendedAuthority: 'MANAGER',
      invites: [`their.manager.${++seq}@example.org`],
      roleIdentifiers: [role.id],
    });
    expect(invited.statusCode).toBe(201);
    const tooHigh = await call(a, manager, 'POST', '/api/v1/invitations', {
      intendedAuthority: 'INSTITUTION_ADMIN',
      invites: [`too.high.${seq}@example.org`],
      roleIdentifiers: [role.id],
    });
    expect(tooHigh.statusCode).toBe(403);
    // A role that also opens another application: seen, not changed, not deleted, no invitations.
    const pair = (
      await call(
        a,
        s.admin,
        'GET',
        `/api/v1/roles/${await insertRole(a, `Pair ${seq}`, ['app-wiki', 'app-gitlab'])}`,
      )
    ).json();
    expect((await call(a, manager, 'GET', `/api/v1/roles/${pair.id}`)).statusCode).toBe(200);
    expect(
      (await call(a, manager, 'PUT', '/api/v1/roles', { ...pair, description: 'mine now' })).statusCode,
    ).toBe(403);
    expect((await call(a, manager, 'DELETE', `/api/v1/roles/${pair.id}`)).statusCode).toBe(403);
    const guestInvite = await call(a, manager, 'POST', '/api/v1/invitations', {
      intendedAuthority: 'GUEST',
      invites: [`pair.guest.${seq}@example.org`],
      roleIdentifiers: [pair.id],
    });
    expect(guestInvite.statusCode).toBe(403);
    // Its applications and their users; not the system area, not all users.
    const apps = (await call(a, manager, 'GET', '/api/v1/manage/applications')).json();
    expect(apps.providers.map((p: { manageId: string }) => p.manageId)).toEqual(['app-wiki']);
    expect((await call(a, manager, 'GET', '/api/v1/users/search-by-application')).statusCode).toBe(200);
    expect((await call(a, manager, 'GET', '/api/v1/users/search')).statusCode).toBe(403);
    expect((await call(a, manager, 'GET', '/api/v1/system/unknown-roles')).statusCode).toBe(403);
    expect((await call(a, manager, 'GET', LIST)).statusCode).toBe(403);
    expect((await call(a, manager, 'DELETE', `/api/v1/roles/${role.id}`)).statusCode).toBe(204);
  });
});

describe('GET /api/v1/users/applicationManagers', () => {
  it('lists all of them to a super user, those of its organisation to an institution admin', async () => {
    const ours = await applicationManager(s.institutionAdmin, [LIBRARY]);
    const theirs = await applicationManager(s.admin, [ROOSTER]);
    const all = (await call(a, s.admin, 'GET', LIST)).json();
    const byId = (list: Array<{ id: number }>, id: number) => list.find((entry) => entry.id === id);
    expect(byId(all, ours.userId)).toMatchObject({
      email: ours.email,
      applications: [
        {
          manageId: 'app-library',
          manageType: 'oidc10_rp',
          'name:en': expect.any(String),
          known: true,
          invitationId: ours.invitationId,
          grantedBy: 'Iris Institution',
          grantedAt: expect.any(Number),
        },
      ],
    });
    expect(byId(all, theirs.userId)).toBeDefined();
    const listed = await call(a, s.institutionAdmin, 'GET', LIST);
    expect(listed.statusCode).toBe(200);
    expect(byId(listed.json(), ours.userId)).toBeDefined();
    expect(byId(listed.json(), theirs.userId)).toBeUndefined();
    for (const session of [s.manager, s.guest])
      expect((await call(a, session, 'GET', LIST)).statusCode).toBe(403);
  });
});

describe('PUT /api/v1/users/removeApplicationManager/{userId}', () => {
  it('removes the right: the session loses it at its next call, on the other instance too; audited; a second time 409', async () => {
    const manager = await applicationManager(s.institutionAdmin, [WIKI]);
    expect((await me(b, manager)).highestAuthority).toBe('APPLICATION_MANAGER');
    const res = await call(a, s.admin, 'PUT', `${REMOVE}/${manager.userId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: manager.userId,
      removedApplications: [{ manageId: 'app-wiki', invitationId: manager.invitationId }],
      remainingApplications: [],
    });
    expect(await grantsOf(manager.userId)).toEqual([]);
    const after = await me(b, manager);
    expect(after.managedApplications).toEqual([]);
    expect((await call(b, manager, 'POST', '/api/v1/roles', newRole('app-wiki'))).statusCode).toBe(403);
    const { rows } = await db.query<{
      actor_id: string;
      before: { applications: unknown[] };
      after: { applications: unknown[] };
    }>(
      `SELECT actor_id, before, after FROM audit_logs
        WHERE entity_type = 'user' AND action = 'remove_application_manager' AND entity_id = $1`,
      [manager.userId],
    );
    expect(rows).toHaveLength(1);
    expect(Number(rows[0].actor_id)).toBe(s.admin.userId);
    expect(rows[0].before.applications).toHaveLength(1);
    expect(rows[0].after.applications).toEqual([]);
    const again = await call(a, s.admin, 'PUT', `${REMOVE}/${manager.userId}`);
    expect(again.statusCode).toBe(409);
  });

  it("an institution admin takes only its organisation's applications; the others stay", async () => {
    const manager = await applicationManager(s.admin, [WIKI, ROOSTER]);
    const res = await call(a, s.institutionAdmin, 'PUT', `${REMOVE}/${manager.userId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().removedApplications.map((app: { manageId: string }) => app.manageId)).toEqual([
      'app-wiki',
    ]);
    expect(res.json().remainingApplications.map((app: { manageId: string }) => app.manageId)).toEqual([
      'app-rooster',
    ]);
    expect(await grantsOf(manager.userId)).toEqual(['app-rooster']);
    expect((await call(a, s.institutionAdmin, 'PUT', `${REMOVE}/${manager.userId}`)).statusCode).toBe(409);
  });

  it('refuses the others, a missing CSRF token, an unknown user and a bad id; nothing changes', async () => {
    const manager = await applicationManager(s.institutionAdmin, [WIKI]);
    for (const session of [s.manager, s.guest, manager]) {
      expect((await call(a, session, 'PUT', `${REMOVE}/${manager.userId}`)).statusCode).toBe(403);
    }
    const noCsrf = await a.inject({
      method: 'PUT',
      url: `${REMOVE}/${manager.userId}`,
      headers: { cookie: s.admin.cookie },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await grantsOf(manager.userId)).toEqual(['app-wiki']);
    expect((await call(a, s.admin, 'PUT', `${REMOVE}/99999999`)).statusCode).toBe(404);
    for (const bad of ['abc', '0', '01']) {
      expect((await call(a, s.admin, 'PUT', `${REMOVE}/${bad}`)).statusCode).toBe(400);
    }
  });
});
