/**
 * The server answers what the shared rules predict (issue: one rule, one place): every actor × every
 * input of the access rules of shared-auth, called through the API. A refusal is a 403; an allowed call
 * succeeds. The rule is asked about the user exactly as GET /users/me answers it.
 */
import {
  allowedToEditRole,
  mayChangeRoleApplications,
  mayCreateRole,
  mayDeleteToken,
  mayManageApplicationManagers,
  mayUseApplicationInRole,
  showsApplicationsTab,
  mayDeleteUser,
  mayImpersonate,
  mayOpenSystem,
  mayOpenTokens,
  mayReadRole,
  mayViewRoleMembers,
  showsApplicationUsersTab,
  showsRolesTab,
  showsUsersTab,
  visibleProfile,
  type User,
} from 'shared-auth/rules';
import { call, insertRole } from '../test/api-kit.js';
import { hashTokenSecret } from '../stores/tokens.store.js';
import { ACTORS, ruleTable, type ActorKey, type RuleTable } from '../test/rule-table.js';

let t: RuleTable;
const users = {} as Record<ActorKey, User>;

beforeAll(async () => {
  t = await ruleTable();
  for (const actor of ACTORS) users[actor] = await t.me(actor);
});
afterAll(() => t.app.close());

/** The status an allowed call answers, or 403 when the rule refuses. */
const expected = (allowed: boolean, ok: number) => (allowed ? ok : 403);

describe.each(ACTORS)('%s', (actor) => {
  const ask = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    call(t.app, t.sessions[actor], method, url, payload);

  it('sees the home-tab calls the tab rules show it', async () => {
    const me = users[actor];
    expect((await ask('GET', '/api/v1/roles')).statusCode).toBe(expected(showsRolesTab(me), 200));
    expect((await ask('GET', '/api/v1/users/search')).statusCode).toBe(expected(showsUsersTab(me), 200));
    expect((await ask('GET', '/api/v1/users/search-by-application')).statusCode).toBe(
      expected(showsApplicationUsersTab(me), 200),
    );
    expect((await ask('GET', '/api/v1/manage/applications')).statusCode).toBe(
      expected(showsApplicationsTab(me) || Boolean(me.institutionAdmin && me.organizationGUID), 200),
    );
    expect((await ask('GET', '/api/v1/users/applicationManagers')).statusCode).toBe(
      expected(mayManageApplicationManagers(me), 200),
    );
  });

  it.each([['app-wiki'], ['app-gitlab']])(
    'creates a role on %s as mayCreateRole and mayUseApplicationInRole say',
    async (manageId) => {
      const me = users[actor];
      const res = await call(t.app, t.sessions[actor], 'POST', '/api/v1/roles', {
        name: `Made by ${actor} on ${manageId}`,
        description: 'a role of the rule table',
        applicationUsages: [{ application: { manageId }, landingPage: 'https://example.org' }],
      });
      const allowed = mayCreateRole(me) && mayUseApplicationInRole(me, manageId);
      expect([manageId, res.statusCode]).toEqual([manageId, expected(allowed, 201)]);
    },
  );

  it('opens the system area as mayOpenSystem says', async () => {
    const me = users[actor];
    for (const url of ['/api/v1/system/unknown-roles', '/api/v1/system/expiry-user-roles']) {
      expect((await call(t.app, t.sessions[actor], 'GET', url)).statusCode).toBe(
        expected(mayOpenSystem(me), 200),
      );
    }
  });

  it('opens /tokens and deletes tokens as mayOpenTokens and mayDeleteToken say', async () => {
    const me = users[actor];
    expect((await ask('GET', '/api/v1/tokens')).statusCode).toBe(expected(mayOpenTokens(me), 200));
    for (const ownerId of [me.id, users.manager.id === me.id ? users.inviter.id : users.manager.id]) {
      const { rows } = await t.app.db.query<{ id: string }>(
        `INSERT INTO api_tokens (hashed_value, description, owner_id) VALUES ($1, 'table', $2) RETURNING id`,
        [hashTokenSecret(`table-${actor}-${ownerId}`), ownerId],
      );
      const allowed = mayDeleteToken(me, { ownerId });
      expect((await ask('DELETE', `/api/v1/tokens/${rows[0].id}`)).statusCode).toBe(expected(allowed, 204));
    }
  });

  it('deletes users (itself and another) as mayDeleteUser says', async () => {
    const me = users[actor];
    const other = await t.freshUser();
    expect((await ask('DELETE', `/api/v1/users/${other}`)).statusCode).toBe(
      expected(mayDeleteUser(me, { id: other }), 204),
    );
    expect(mayDeleteUser(me, me)).toBe(false);
    expect((await ask('DELETE', `/api/v1/users/${me.id}`)).statusCode).toBe(403);
  });

  it('sees the profiles of others as visibleProfile says', async () => {
    const me = users[actor];
    for (const target of ACTORS) {
      const other = users[target];
      const res = await ask('GET', `/api/v1/users/other/${other.id}`);
      const visible = visibleProfile(me, other);
      expect([target, res.statusCode]).toEqual([target, visible ? 200 : 404]);
      if (visible)
        expect(res.json().userRoles.map((ur: { id: number }) => ur.id)).toEqual(
          visible.userRoles.map((ur) => ur.id),
        );
    }
  });

  it('impersonates as mayImpersonate says', async () => {
    const target = await t.freshUser();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      headers: { ...t.sessions[actor].headers, 'x-impersonate-id': String(target) },
    });
    expect(res.statusCode).toBe(expected(mayImpersonate(users[actor]), 200));
    if (res.statusCode === 200) expect(res.json().id).toBe(target);
  });

  it.each(['wiki', 'forge', 'pair'] as const)(
    'reads, runs and edits the %s role as the role rules say',
    async (key) => {
      const me = users[actor];
      const role = await t.role(t.roleIds[key]);
      expect((await ask('GET', `/api/v1/roles/${role.id}`)).statusCode).toBe(
        expected(mayReadRole(me, role), 200),
      );
      expect((await ask('GET', `/api/v1/user_roles/managers/${role.id}`)).statusCode).toBe(
        expected(mayViewRoleMembers(me, role), 200),
      );
      expect((await ask('PUT', '/api/v1/roles', role)).statusCode).toBe(
        expected(allowedToEditRole(me, role), 200),
      );
    },
  );

  it.each([
    ['its own application', ['app-wiki']],
    ['another application', ['app-gitlab']],
    ['its own and another application', ['app-wiki', 'app-gitlab']],
  ])('deletes a role on %s as mayChangeRoleApplications says', async (_name, manageIds) => {
    const role = await t.role(await insertRole(t.app, `Doomed ${actor} ${manageIds.join(' ')}`, manageIds));
    expect((await ask('DELETE', `/api/v1/roles/${role.id}`)).statusCode).toBe(
      expected(mayChangeRoleApplications(users[actor], role), 204),
    );
  });
});
