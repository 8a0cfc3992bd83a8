import { jest } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import {
  addMember,
  addUser,
  apiApp,
  insertRole,
  loginPersonas,
  now,
  DAY,
  type Sessions,
} from '../../test/api-kit.js';
import { ext, makeToken } from './external-test-kit.js';

let app: FastifyInstance;
let s: Sessions;
let superToken: string;
let orgToken: string;
let wiki: number;
let rooster: number;

beforeAll(async () => {
  app = await apiApp({ mailer: { send: async () => undefined } });
  s = await loginPersonas(app);
  wiki = await insertRole(app, 'Wiki Editors', ['app-wiki']);
  rooster = await insertRole(app, 'Rooster Planners', ['app-rooster']);
  superToken = (await makeToken(app, s.admin, 'Nightly sync')).secret;
  orgToken = (await makeToken(app, s.institutionAdmin, 'HR system')).secret;
});
afterAll(() => app.close());

const roleBody = (name: string, manageId: string) => ({
  name,
  description: `About ${name}`,
  applicationUsages: [{ application: { manageId }, landingPage: 'https://example.org/start' }],
});

describe('roles', () => {
  it("lists what each token reaches: every role for a super-user token, its organisation's for an organisation token", async () => {
    const all = await ext(app, superToken, 'GET', '/roles?pageSize=100');
    expect(all.statusCode).toBe(200);
    expect(all.json().content.map((r: { id: number }) => r.id)).toEqual(
      expect.arrayContaining([wiki, rooster]),
    );
    const org = await ext(app, orgToken, 'GET', '/roles?pageSize=100');
    expect(org.statusCode).toBe(200);
    const ids = org.json().content.map((r: { id: number }) => r.id);
    expect(ids).toContain(wiki);
    expect(ids).not.toContain(rooster);
    expect((await ext(app, null, 'GET', '/roles')).statusCode).toBe(401);
  });

  it('reads a role within reach only', async () => {
    expect((await ext(app, orgToken, 'GET', `/roles/${wiki}`)).json().name).toBe('Wiki Editors');
    expect((await ext(app, orgToken, 'GET', `/roles/${rooster}`)).statusCode).toBe(403);
    expect((await ext(app, superToken, 'GET', `/roles/${rooster}`)).statusCode).toBe(200);
    expect((await ext(app, superToken, 'GET', '/roles/999999')).statusCode).toBe(404);
    expect((await ext(app, null, 'GET', `/roles/${wiki}`)).statusCode).toBe(401);
  });

  it('creates, updates and deletes roles on applications within reach, audited with the token', async () => {
    const outside = await ext(app, orgToken, 'POST', '/roles', roleBody('Elsewhere', 'app-rooster'));
    expect(outside.statusCode).toBe(403);
    expect((await ext(app, null, 'POST', '/roles', roleBody('Nobody', 'app-wiki'))).statusCode).toBe(401);
    const created = await ext(app, orgToken, 'POST', '/roles', roleBody('Course Algebra', 'app-wiki'), {
      'idempotency-key': 'role-1',
    });
    expect(created.statusCode).toBe(201);
    const role = created.json();
    expect(role.shortName).toBe('course_algebra');
    const replay = await ext(app, orgToken, 'POST', '/roles', roleBody('Course Algebra', 'app-wiki'), {
      'idempotency-key': 'role-1',
    });
    expect(replay.statusCode).toBe(201);
    expect(replay.json().id).toBe(role.id);
    const byAdmin = await ext(app, superToken, 'POST', '/roles', roleBody('Rooster Extra', 'app-rooster'));
    expect(byAdmin.statusCode).toBe(201);

    const updated = await ext(app, orgToken, 'PUT', '/roles', {
      id: role.id,
      ...roleBody('Course Algebra', 'app-wiki'),
      description: 'Changed',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().description).toBe('Changed');
    expect(
      (
        await ext(app, orgToken, 'PUT', '/roles', {
          id: byAdmin.json().id,
          ...roleBody('Rooster Extra', 'app-rooster'),
        })
      ).statusCode,
    ).toBe(403);
    expect((await ext(app, orgToken, 'DELETE', `/roles/${byAdmin.json().id}`)).statusCode).toBe(403);
    expect((await ext(app, orgToken, 'DELETE', `/roles/${role.id}`)).statusCode).toBe(204);
    expect((await ext(app, superToken, 'DELETE', `/roles/${byAdmin.json().id}`)).statusCode).toBe(204);
    expect((await ext(app, null, 'DELETE', `/roles/${wiki}`)).statusCode).toBe(401);
    const trail = await app.db.query<{ action: string; actor_name: string }>(
      "SELECT action, actor_name FROM audit_logs WHERE entity_type = 'role' AND entity_id = $1 ORDER BY id",
      [role.id],
    );
    expect(trail.rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(
      trail.rows.every((r) => r.actor_name.startsWith('API token') && r.actor_name.endsWith('(HR system)')),
    ).toBe(true);
  });
});

describe('user_roles', () => {
  it("lists a role's members, changes an end date and removes a membership within reach", async () => {
    const userId = await addUser(app, 'member@example.edu');
    const membership = await addMember(app, userId, wiki, 'GUEST', new Date(Date.now() + 90 * DAY * 1000));
    const otherId = await addMember(app, userId, rooster, 'GUEST', new Date(Date.now() + 90 * DAY * 1000));
    const members = await ext(app, orgToken, 'GET', `/user_roles/roles/${wiki}?kind=guests`);
    expect(members.statusCode).toBe(200);
    expect(members.json().content.map((m: { email: string }) => m.email)).toContain('member@example.edu');
    expect((await ext(app, orgToken, 'GET', `/user_roles/roles/${rooster}`)).statusCode).toBe(403);
    expect((await ext(app, superToken, 'GET', `/user_roles/roles/${rooster}`)).json().totalElements).toBe(1);
    expect((await ext(app, null, 'GET', `/user_roles/roles/${wiki}`)).statusCode).toBe(401);

    const endDate = now() + 30 * DAY;
    const changed = await ext(app, orgToken, 'PUT', '/user_roles', { userRoleId: membership, endDate });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().endDate).toBe(endDate);
    expect(
      (await ext(app, orgToken, 'PUT', '/user_roles', { userRoleId: membership, endDate: null })).statusCode,
    ).toBe(400);
    expect(
      (await ext(app, orgToken, 'PUT', '/user_roles', { userRoleId: otherId, endDate })).statusCode,
    ).toBe(403);
    expect(
      (await ext(app, superToken, 'PUT', '/user_roles', { userRoleId: otherId, endDate })).statusCode,
    ).toBe(200);
    expect((await ext(app, null, 'PUT', '/user_roles', { userRoleId: otherId, endDate })).statusCode).toBe(
      401,
    );

    expect((await ext(app, orgToken, 'DELETE', `/user_roles/${otherId}`)).statusCode).toBe(403);
    expect((await ext(app, null, 'DELETE', `/user_roles/${membership}`)).statusCode).toBe(401);
    expect((await ext(app, orgToken, 'DELETE', `/user_roles/${membership}`)).statusCode).toBe(204);
    expect((await ext(app, superToken, 'DELETE', `/user_roles/${otherId}`)).statusCode).toBe(204);
    expect((await ext(app, superToken, 'DELETE', `/user_roles/${otherId}`)).statusCode).toBe(404);
  });

  it('grants a role directly to a person found or created by eppn, sub or e-mail', async () => {
    const body = {
      roleIdentifiers: [wiki],
      intendedAuthority: 'GUEST',
      eduPersonPrincipalName: 'jdoe@example.edu',
      email: 'j.doe@example.edu',
      givenName: 'Jane',
      familyName: 'Doe',
    };
    const first = await ext(app, orgToken, 'POST', '/user_roles/user_role_provisioning', body, {
      'idempotency-key': 'grant-1',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual(expect.objectContaining({ created: true }));
    expect(first.json().userRoles).toEqual([
      expect.objectContaining({ authority: 'GUEST', email: 'j.doe@example.edu' }),
    ]);
    const user = await app.db.query('SELECT sub, name FROM users WHERE id = $1', [first.json().userId]);
    expect(user.rows).toEqual([{ sub: 'urn:collab:person:example.edu:jdoe', name: 'Jane Doe' }]);
    const replay = await ext(app, orgToken, 'POST', '/user_roles/user_role_provisioning', body, {
      'idempotency-key': 'grant-1',
    });
    expect(replay.json()).toEqual(first.json());
    expect(
      (
        await ext(
          app,
          orgToken,
          'POST',
          '/user_roles/user_role_provisioning',
          { ...body, intendedAuthority: 'MANAGER' },
          { 'idempotency-key': 'grant-1' },
        )
      ).statusCode,
    ).toBe(422);
    // Known now: found again by e-mail, its membership raised.
    const raised = await ext(app, orgToken, 'POST', '/user_roles/user_role_provisioning', {
      roleIdentifiers: [wiki],
      intendedAuthority: 'MANAGER',
      email: 'J.Doe@example.edu',
    });
    expect(raised.statusCode).toBe(201);
    expect(raised.json()).toEqual(expect.objectContaining({ userId: first.json().userId, created: false }));
    expect(raised.json().userRoles[0].authority).toBe('MANAGER');
    const refused = await ext(app, orgToken, 'POST', '/user_roles/user_role_provisioning', {
      ...body,
      roleIdentifiers: [rooster],
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (
        await ext(app, superToken, 'POST', '/user_roles/user_role_provisioning', {
          ...body,
          roleIdentifiers: [rooster],
        })
      ).statusCode,
    ).toBe(201);
    expect((await ext(app, null, 'POST', '/user_roles/user_role_provisioning', body)).statusCode).toBe(401);
    const nobody = await ext(app, superToken, 'POST', '/user_roles/user_role_provisioning', {
      roleIdentifiers: [wiki],
      intendedAuthority: 'GUEST',
    });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().detail).toMatch(/sub, eduPersonPrincipalName or email/);
  });
});

describe("a role's member list: its statements", () => {
  it("answers all its members' total from the role's kept number, without counting them; a kind or a text counts", async () => {
    const role = await insertRole(app, 'Kept Count', ['app-wiki']);
    const member = async (email: string, authority: 'GUEST' | 'INVITER') =>
      addMember(app, await addUser(app, email), role, authority, new Date(Date.now() + 90 * DAY * 1000));
    const first = await member('kept-one@example.edu', 'GUEST');
    await member('kept-two@example.edu', 'GUEST');
    await member('kept-three@example.edu', 'INVITER');
    const totals = async () =>
      Promise.all(
        ['', '&kind=guests', '&kind=maintainers', '&query=kept-t'].map(
          async (q) =>
            (await ext(app, superToken, 'GET', `/user_roles/roles/${role}?pageSize=1${q}`)).json()
              .totalElements,
        ),
      );
    expect(await totals()).toEqual([3, 2, 1, 2]);
    // Removed through the API: the kept number follows in the same transaction.
    expect((await ext(app, superToken, 'DELETE', `/user_roles/${first}`)).statusCode).toBe(204);
    expect(await totals()).toEqual([2, 1, 1, 2]);
    const spy = jest.spyOn(app.db, 'query');
    try {
      await ext(app, superToken, 'GET', `/user_roles/roles/${role}?pageSize=1`);
      const rolePage = spy.mock.calls
        .map(([text]) => String(text))
        .filter((text) => /FROM roles r/.test(text));
      expect(rolePage).toHaveLength(1);
      expect(rolePage[0]).not.toMatch(/count\(\*\)/);
    } finally {
      spy.mockRestore();
    }
  });

  it('reads the token with its owner and its address lockout in one statement, the role with its page in another', async () => {
    const userId = await addUser(app, 'statements@example.edu');
    await addMember(app, userId, wiki, 'GUEST', new Date(Date.now() + 90 * DAY * 1000));
    const path = `/user_roles/roles/${wiki}?kind=guests&pageSize=1`;
    // The first call records the token's use (at most once a minute): the second reads only.
    expect((await ext(app, superToken, 'GET', path)).statusCode).toBe(200);
    const spy = jest.spyOn(app.db, 'query');
    try {
      const answer = await ext(app, superToken, 'GET', path);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().content).toHaveLength(1);
      expect(answer.json().content[0].role).toMatchObject({ id: wiki, name: 'Wiki Editors' });
      const sql = spy.mock.calls.map(([text]) => String(text));
      const token = sql.filter((text) => /FROM api_tokens t/.test(text));
      expect(token).toHaveLength(1);
      expect(token[0]).toMatch(/JOIN credential_limits c/);
      const rolePage = sql.filter((text) => /FROM roles r/.test(text));
      expect(rolePage).toHaveLength(1);
      expect(rolePage[0]).toMatch(/FROM user_roles ur JOIN users u/);
      // With a limit on the calls (the default), their count is the one statement more.
      const counted = sql.filter((text) => /INSERT INTO credential_limits/.test(text));
      expect(counted).toHaveLength(1);
      expect(sql).toHaveLength(3);
    } finally {
      spy.mockRestore();
    }
  });

  it('answers 404 for a role that does not exist and 403 for one out of reach, without a page', async () => {
    const missing = await ext(app, superToken, 'GET', '/user_roles/roles/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Role 999999 not found');
    const refused = await ext(app, orgToken, 'GET', `/user_roles/roles/${rooster}?kind=maintainers`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).not.toHaveProperty('content');
  });
});
