/**
 * Role visibility is one rule (shared-auth roleVisibility): the SQL of the role list (visibleRolesWhere)
 * and mayReadRole must select exactly the same roles, for every person of the development data. The
 * data (with one role added, below) is checked to tell every clause of the rule apart, so a change to
 * either side fails here.
 */
import type { FastifyInstance } from 'fastify';
import {
  mayReadRole,
  maySeeRole,
  roleIsVisible,
  roleVisibility,
  type Role,
  type RoleVisibility,
  type User,
} from 'shared-auth/rules';
import { PERSONAS } from '../dev/idp/personas.js';
import { seedDevelopmentData } from '../dev/seed/dev-seed.js';
import { apiApp, call, insertRole } from '../test/api-kit.js';
import { loginAs } from '../test/helper.js';
import { visibleRolesWhere } from './role-visibility.js';
import { loadRoles } from './roles.store.js';
import { loadUser } from './users.store.js';

let app: FastifyInstance;
let users: User[];
let roles: Role[];

beforeAll(async () => {
  app = await apiApp();
  expect((await seedDevelopmentData(app)).seeded).toBe(true);
  // The one kind of role the development data lacks: on one of Harderwijk's applications (app-library)
  // but of another institution (a super user made it for the lab's institution). Without it the
  // application clause could change unnoticed: every Harderwijk application's role also carries its GUID.
  await insertRole(app, 'Shared Lab Library', ['app-lab', 'app-library'], {
    organizationGUID: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
  });
  const ids = await app.db.query<{ id: string }>('SELECT id FROM users ORDER BY id');
  users = (await Promise.all(ids.rows.map((row) => loadUser(app.db, app.registry, Number(row.id))))).filter(
    (user): user is User => user !== null,
  );
  roles = await loadRoles(app.db, app.registry, 'TRUE', [], 'ORDER BY r.id');
});
afterAll(() => app.close());

/** The ids of the roles the SQL condition selects for the user, in id order. */
async function sqlVisible(user: User, force: boolean): Promise<number[]> {
  const visible = visibleRolesWhere(user, force);
  // As the role page uses it: $1 is the search text (none here), the condition's parameters follow.
  const { rows } = await app.db.query<{ id: string }>(
    `SELECT r.id FROM roles r WHERE ($1::text IS NULL) AND ${visible.where} ORDER BY r.id`,
    [null, ...visible.params],
  );
  return rows.map((row) => Number(row.id));
}

const ruleVisible = (user: User, force: boolean) =>
  roles.filter((role) => maySeeRole(user, role, force)).map((role) => role.id);

describe('role visibility on the development data', () => {
  it('holds every persona, roles of every kind and people with guest roles', () => {
    const emails = users.map((user) => user.email);
    for (const persona of PERSONAS.filter((p) => p.username !== 'incomplete')) {
      expect(emails).toContain(persona.claims.email);
    }
    expect(roles.length).toBeGreaterThanOrEqual(7);
  });

  it.each([false, true])('the SQL selects exactly the roles maySeeRole allows (force=%s)', async (force) => {
    for (const user of users) {
      expect({ user: user.email, visible: await sqlVisible(user, force) }).toEqual({
        user: user.email,
        visible: ruleVisible(user, force),
      });
    }
  });

  it('mayReadRole allows exactly the roles of the widest list (force=true)', async () => {
    for (const user of users) {
      const readable = roles.filter((role) => mayReadRole(user, role)).map((role) => role.id);
      expect({ user: user.email, readable }).toEqual({
        user: user.email,
        readable: await sqlVisible(user, true),
      });
    }
  });

  it('tells every clause of the rule apart (else a change to one side could pass unseen)', () => {
    // Each variant drops or widens one clause; on the development data each must change what someone sees.
    const variants: Record<string, (v: RoleVisibility, user: User) => RoleVisibility> = {
      'no own roles': (v) => ({ ...v, roleIds: [] }),
      'guest roles too': (v, user) => ({
        ...v,
        roleIds: [...v.roleIds, ...user.userRoles.map((ur) => ur.role.id)],
      }),
      'no organisation clause': (v) => ({ ...v, organizationGUID: null }),
      'no application clause': (v) => ({ ...v, applicationIds: [] }),
      'no super user': (v) => ({ ...v, all: false }),
    };
    const seen = (v: RoleVisibility) => roles.filter((role) => roleIsVisible(v, role)).map((r) => r.id);
    for (const [name, vary] of Object.entries(variants)) {
      const changes = users.some((user) => {
        const v = roleVisibility(user, true);
        return JSON.stringify(seen(vary(v, user))) !== JSON.stringify(seen(v));
      });
      expect([name, changes]).toEqual([name, true]);
    }
  });

  it('answers GET roles and GET roles/{id} for each persona as the rule says', async () => {
    for (const persona of ['admin', 'institution-admin', 'manager', 'inviter', 'guest']) {
      const session = await loginAs(app, persona);
      const user = users.find((u) => u.id === session.userId) as User;
      const listed = (await call(app, session, 'GET', '/api/v1/roles?force=true&pageSize=1000')).json();
      expect({
        persona,
        listed: listed.content.map((r: Role) => r.id).sort((a: number, b: number) => a - b),
      }).toEqual({
        persona,
        listed: ruleVisible(user, true),
      });
      for (const role of roles) {
        const res = await call(app, session, 'GET', `/api/v1/roles/${role.id}`);
        expect([persona, role.name, res.statusCode]).toEqual([
          persona,
          role.name,
          mayReadRole(user, role) ? 200 : 403,
        ]);
      }
    }
  });
});
