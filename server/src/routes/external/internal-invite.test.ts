/**
 * The internal API of the self-service portals (issue 54 item 2): HTTP Basic service accounts with the
 * scope sp_dashboard or access, bounded by their `applications`, through the same use cases as the console.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { addMember, addUser, apiApp, insertRole, loginPersonas, type Sessions } from '../../test/api-kit.js';
import { call } from '../../test/api-kit.js';

const REMOTE_USERS = JSON.stringify([
  {
    username: 'sp-dashboard',
    password: 'sp-dashboard-secret',
    scopes: ['sp_dashboard'],
    applications: [{ manageId: 'app-wiki', manageType: 'saml20_sp' }],
  },
  { username: 'access', password: 'access-secret-1', scopes: ['access'] },
  { username: 'voot', password: 'voot-secret-1', scopes: ['voot'] },
]);
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const SPD = basic('sp-dashboard', 'sp-dashboard-secret');
const ACCESS = basic('access', 'access-secret-1');
const VOOT = basic('voot', 'voot-secret-1');
const BASE = '/api/external/v1/internal/invite';

let app: FastifyInstance;
let s: Sessions;
let wiki: number;
let rooster: number;
const mails: Array<{ to: string; subject: string; text?: string; html?: string }> = [];

beforeAll(async () => {
  app = await apiApp({
    env: { REMOTE_USERS },
    mailer: {
      send: async (m: { to: string; subject: string }) => {
        mails.push(m);
      },
    },
  });
  s = await loginPersonas(app);
  wiki = await insertRole(app, 'Wiki Editors', ['app-wiki'], {
    organizationGUID: 'ad93daef-0911-e511-80d0-005056956c1a',
  });
  rooster = await insertRole(app, 'Rooster Planners', ['app-rooster']);
});
afterAll(() => app.close());

function internal(
  authorization: string | null,
  method: InjectOptions['method'],
  path: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url: `${BASE}${path}`,
    headers: authorization ? { authorization } : {},
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}

const roleBody = (name: string, manageId: string) => ({
  name,
  description: `About ${name}`,
  applicationUsages: [{ application: { manageId }, landingPage: 'https://example.org/start' }],
});

async function auditOf(entityType: string, entityId: number) {
  const { rows } = await app.db.query<{ actor_name: string; action: string; actor_id: string | null }>(
    'SELECT actor_name, action, actor_id FROM audit_logs WHERE entity_type = $1 AND entity_id = $2 ORDER BY id',
    [entityType, entityId],
  );
  return rows;
}

describe('internal API: who may call', () => {
  it('refuses without credentials or with wrong ones (401), and an account without the scope (403)', async () => {
    const bare = await internal(null, 'GET', '/roles');
    expect(bare.statusCode).toBe(401);
    expect(bare.headers['www-authenticate']).toMatch(/^Basic/);
    expect((await internal(basic('sp-dashboard', 'wrong-password'), 'GET', '/roles')).statusCode).toBe(401);
    const voot = await internal(VOOT, 'GET', '/roles');
    expect(voot.statusCode).toBe(403);
    expect(voot.json().detail).toBe('This service account lacks the scope sp_dashboard or access');
  });

  it('keeps roles-summary and roles/{organizationGUID}/{manageId} to access accounts', async () => {
    expect((await internal(SPD, 'GET', '/roles-summary')).statusCode).toBe(403);
    expect(
      (await internal(SPD, 'GET', '/roles/ad93daef-0911-e511-80d0-005056956c1a/app-wiki')).statusCode,
    ).toBe(403);
    expect((await internal(ACCESS, 'GET', '/roles-summary')).statusCode).toBe(200);
  });
});

describe('internal API: roles', () => {
  it("lists the roles of the account's applications; an account without applications reaches every role", async () => {
    const spd = await internal(SPD, 'GET', '/roles');
    expect(spd.statusCode).toBe(200);
    const ids = spd.json().map((r: { id: number }) => r.id);
    expect(ids).toContain(wiki);
    expect(ids).not.toContain(rooster);
    const all = (await internal(ACCESS, 'GET', '/roles')).json().map((r: { id: number }) => r.id);
    expect(all).toEqual(expect.arrayContaining([wiki, rooster]));
  });

  it('reads a role it reaches, 403 for one outside its applications, 404 for none', async () => {
    const one = await internal(SPD, 'GET', `/roles/${wiki}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: wiki, name: 'Wiki Editors' });
    const outside = await internal(SPD, 'GET', `/roles/${rooster}`);
    expect(outside.statusCode).toBe(403);
    expect(outside.json().detail).toBe('This service account does not reach the applications of this role');
    expect((await internal(SPD, 'GET', '/roles/999999')).statusCode).toBe(404);
    expect((await internal(SPD, 'GET', '/roles/abc')).statusCode).toBe(400);
  });

  it('creates, changes and deletes a role on its applications, audited with the account as actor', async () => {
    const created = await internal(SPD, 'POST', '/roles', roleBody('Portal Made Role', 'app-wiki'));
    expect(created.statusCode).toBe(201);
    const role = created.json();
    expect(role).toMatchObject({ name: 'Portal Made Role', shortName: 'portal_made_role' });
    expect(role.urn).toMatch(/:portal_made_role$/);
    // The organisation comes from the first application (the registry's institution of app-wiki).
    expect(role.organizationGUID).toBe('ad93daef-0911-e511-80d0-005056956c1a');

    const changed = await internal(SPD, 'PUT', '/roles', {
      ...roleBody('Portal Made Role Renamed', 'app-wiki'),
      id: role.id,
      organizationGUID: 'another-organisation',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      id: role.id,
      name: 'Portal Made Role Renamed',
      shortName: 'portal_made_role',
    });
    expect(changed.json().organizationGUID).toBe('ad93daef-0911-e511-80d0-005056956c1a');

    expect((await internal(SPD, 'DELETE', `/roles/${role.id}`)).statusCode).toBe(204);
    expect((await internal(SPD, 'GET', `/roles/${role.id}`)).statusCode).toBe(404);
    const trail = await auditOf('role', role.id);
    expect(trail.map((r) => [r.action, r.actor_name, r.actor_id])).toEqual([
      ['create', 'service account sp-dashboard', null],
      ['update', 'service account sp-dashboard', null],
      ['delete', 'service account sp-dashboard', null],
    ]);
  });

  it('refuses a body with an application outside the account (403) and changes nothing', async () => {
    const before = await app.db.query('SELECT count(*)::int AS n FROM roles');
    const outside = await internal(SPD, 'POST', '/roles', roleBody('Sneaky Role', 'app-rooster'));
    expect(outside.statusCode).toBe(403);
    expect(outside.json().detail).toBe('This service account does not reach every application of the body');
    const moved = await internal(SPD, 'PUT', '/roles', {
      ...roleBody('Wiki Editors', 'app-rooster'),
      id: wiki,
    });
    expect(moved.statusCode).toBe(403);
    expect(
      (await internal(SPD, 'PUT', '/roles', { ...roleBody('Rooster', 'app-wiki'), id: rooster })).statusCode,
    ).toBe(403);
    expect((await internal(SPD, 'DELETE', `/roles/${rooster}`)).statusCode).toBe(403);
    expect((await internal(SPD, 'POST', '/roles', { name: 'No description' })).statusCode).toBe(400);
    const after = await app.db.query('SELECT count(*)::int AS n FROM roles');
    expect(after.rows).toEqual(before.rows);
    expect((await internal(SPD, 'GET', `/roles/${wiki}`)).json().name).toBe('Wiki Editors');
  });

  it("answers an organisation's roles on one application, and a summary, for access accounts", async () => {
    const roles = await internal(ACCESS, 'GET', '/roles/ad93daef-0911-e511-80d0-005056956c1a/app-wiki');
    expect(roles.statusCode).toBe(200);
    expect(roles.json().map((r: { id: number }) => r.id)).toContain(wiki);
    expect((await internal(ACCESS, 'GET', '/roles/other-organisation/app-wiki')).json()).toEqual([]);
    const summary = (await internal(ACCESS, 'GET', '/roles-summary')).json();
    expect(summary.find((r: { id: number }) => r.id === wiki)).toEqual({
      id: wiki,
      name: 'Wiki Editors',
      description: expect.any(String),
      organizationGUID: 'ad93daef-0911-e511-80d0-005056956c1a',
      userRoleCount: expect.any(Number),
      applications: [{ manageId: 'app-wiki', manageType: 'saml20_sp' }],
    });
  });
});

describe('internal API: invitations and members', () => {
  it('invites to a role it reaches, mails the invitation, resends it, audited with the account', async () => {
    mails.length = 0;
    const res = await internal(SPD, 'POST', '/invitations', {
      intendedAuthority: 'GUEST',
      invites: ['portal.guest@example.org'],
      roleIdentifiers: [wiki],
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.recipientInvitationURLs).toEqual([
      {
        recipient: 'portal.guest@example.org',
        invitationURL: expect.stringContaining('/invitation/accept?hash='),
      },
    ]);
    expect(mails.map((m) => m.to)).toEqual(['portal.guest@example.org']);
    const id = Number(body.invitationIdentifiers[0]);
    const { rows } = await app.db.query<{ remote_api_user: string | null; inviter_id: string | null }>(
      'SELECT remote_api_user, inviter_id FROM invitations WHERE id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ remote_api_user: 'service account sp-dashboard', inviter_id: null });

    const resent = await internal(SPD, 'PUT', `/invitations/${id}`);
    expect(resent.statusCode).toBe(200);
    expect(mails).toHaveLength(2);
    const trail = await auditOf('invitation', id);
    expect(trail.every((r) => r.actor_name === 'service account sp-dashboard')).toBe(true);
    expect(trail.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses roles outside the account (403), authorities above MANAGER (400), unknown roles (404)', async () => {
    const count = async () => (await app.db.query('SELECT count(*)::int AS n FROM invitations')).rows;
    const before = await count();
    const outside = await internal(SPD, 'POST', '/invitations', {
      intendedAuthority: 'GUEST',
      invites: ['x@example.org'],
      roleIdentifiers: [rooster],
    });
    expect(outside.statusCode).toBe(403);
    const admin = await internal(ACCESS, 'POST', '/invitations', {
      intendedAuthority: 'INSTITUTION_ADMIN',
      invites: ['x@example.org'],
      roleIdentifiers: [],
      organizationGUID: 'ad93daef-0911-e511-80d0-005056956c1a',
    });
    expect(admin.statusCode).toBe(400);
    expect(admin.json().detail).toBe('A service account invites as GUEST, INVITER, MANAGER only');
    const unknown = await internal(ACCESS, 'POST', '/invitations', {
      intendedAuthority: 'GUEST',
      invites: ['x@example.org'],
      roleIdentifiers: [999999],
    });
    expect(unknown.statusCode).toBe(404);
    expect(await count()).toEqual(before);
    // An invitation to a role outside the account cannot be resent by it.
    const made = await call(app, s.admin, 'POST', '/api/v1/invitations', {
      intendedAuthority: 'GUEST',
      invites: ['rooster.guest@example.org'],
      roleIdentifiers: [rooster],
    });
    expect(made.statusCode).toBe(201);
    const { rows } = await app.db.query<{ id: string }>(
      "SELECT id FROM invitations WHERE email = 'rooster.guest@example.org'",
    );
    expect((await internal(SPD, 'PUT', `/invitations/${rows[0].id}`)).statusCode).toBe(403);
    expect((await internal(SPD, 'PUT', '/invitations/999999')).statusCode).toBe(404);
  });

  it("lists a role's memberships it reaches", async () => {
    const user = await addUser(app, 'member.internal@example.org');
    await addMember(app, user, wiki, 'GUEST');
    const res = await internal(SPD, 'GET', `/user_roles/${wiki}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expect.arrayContaining([expect.objectContaining({ authority: 'GUEST' })]));
    expect(JSON.stringify(res.json())).toContain('member.internal@example.org');
    expect((await internal(SPD, 'GET', `/user_roles/${rooster}`)).statusCode).toBe(403);
  });
});

describe('internal API: the credential limiter', () => {
  it('counts failed logins like voot: past five a minute even the right password is 429 with Retry-After', async () => {
    const remoteAddress = '198.51.100.54';
    const attempt = (authorization: string) =>
      app.inject({ method: 'GET', url: `${BASE}/roles`, remoteAddress, headers: { authorization } });
    for (let i = 0; i < 5; i += 1)
      expect((await attempt(basic('voot', 'wrong-password'))).statusCode).toBe(401);
    const locked = await attempt(VOOT);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('internal API: an invitation asking an assurance the installation does not know', () => {
  it('is refused before anything is written', async () => {
    const before = (await app.db.query('SELECT count(*)::int AS n FROM invitations')).rows;
    const res = await internal(SPD, 'POST', '/invitations', {
      intendedAuthority: 'GUEST',
      invites: ['assurance@example.org'],
      roleIdentifiers: [wiki],
      requestedAuthnContext: 'urn:unknown:acr',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect((await app.db.query('SELECT count(*)::int AS n FROM invitations')).rows).toEqual(before);
  });
});
