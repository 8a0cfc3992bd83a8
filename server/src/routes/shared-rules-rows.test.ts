/**
 * The server answers what the shared rules predict, for the rules with a target: the authorities one may
 * grant on a set of roles (allowedAuthoritiesForInvitation), row-level permissions on user roles
 * (allowedToRenewUserRole, with and without acting on oneself) and on invitations
 * (allowedToDeleteInvitation). Every actor × every authority × every role set.
 */
import {
  AUTHORITIES,
  allowedAuthoritiesForInvitation,
  allowedToDeleteInvitation,
  allowedToRenewUserRole,
  mayGrantApplicationManager,
  type Authority,
  type Role,
  type User,
} from 'shared-auth/rules';
import { addMember, call, DAY, HW_GUID, now } from '../test/api-kit.js';
import { ACTORS, ruleTable, type ActorKey, type RuleTable } from '../test/rule-table.js';

let t: RuleTable;
const users = {} as Record<ActorKey, User>;
let roleSets: Record<string, Role[]>;
let seq = 0;

beforeAll(async () => {
  t = await ruleTable();
  for (const actor of ACTORS) users[actor] = await t.me(actor);
  const wiki = await t.role(t.roleIds.wiki);
  const forge = await t.role(t.roleIds.forge);
  const pair = await t.role(t.roleIds.pair);
  roleSets = { none: [], wiki: [wiki], forge: [forge], both: [wiki, forge], pair: [pair] };
});
afterAll(() => t.app.close());

const SETS = ['none', 'wiki', 'forge', 'both', 'pair'] as const;
const ROLE_KEYS = ['wiki', 'forge', 'pair'] as const;
/** The authorities a membership can have: APPLICATION_MANAGER is a right per application, never a role's. */
const MEMBER_AUTHORITIES = AUTHORITIES.filter((authority) => authority !== 'APPLICATION_MANAGER');

/** An open invitation sent by `inviterId` for these roles, written straight into the database. */
async function invitation(intended: Authority, roles: Role[], inviterId: number): Promise<number> {
  const { rows } = await t.app.db.query<{ id: string }>(
    `INSERT INTO invitations (hash, email, intended_authority, expiry_date, inviter_id)
     VALUES ($1, $2, $3, now() + interval '5 days', $4) RETURNING id`,
    [`rule-hash-${++seq}`, `rule-invitee-${seq}@example.org`, intended, inviterId],
  );
  for (const role of roles) {
    await t.app.db.query('INSERT INTO invitation_roles (invitation_id, role_id) VALUES ($1, $2)', [
      rows[0].id,
      role.id,
    ]);
  }
  return Number(rows[0].id);
}

it('covers the settled case: an institution admin grants INSTITUTION_ADMIN on its own application', async () => {
  expect(allowedAuthoritiesForInvitation(users.institutionAdmin, roleSets.wiki)).toContain(
    'INSTITUTION_ADMIN',
  );
  const res = await call(t.app, t.sessions.institutionAdmin, 'POST', '/api/v1/invitations', {
    intendedAuthority: 'INSTITUTION_ADMIN',
    invites: ['next.admin@example.org'],
    roleIdentifiers: [t.roleIds.wiki],
  });
  expect(res.statusCode).toBe(201);
  const { rows } = await t.app.db.query<{ organization_guid: string }>(
    "SELECT organization_guid FROM invitations WHERE email = 'next.admin@example.org'",
  );
  expect(rows).toEqual([{ organization_guid: HW_GUID }]);
});

describe.each(ACTORS)('%s', (actor) => {
  const ask = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    call(t.app, t.sessions[actor], method, url, payload);

  it.each(SETS)(
    'invites every authority for roles %s as allowedAuthoritiesForInvitation says',
    async (set) => {
      const roles = roleSets[set];
      const allowed = allowedAuthoritiesForInvitation(users[actor], roles);
      for (const intended of AUTHORITIES) {
        const forApplications = intended === 'APPLICATION_MANAGER';
        const res = await ask('POST', '/api/v1/invitations', {
          intendedAuthority: intended,
          invites: [`grant-${++seq}@example.org`],
          roleIdentifiers: roles.map((role) => role.id),
          organizationGUID: HW_GUID,
          ...(forApplications
            ? { manageIdentifiers: [{ manageId: 'app-wiki', manageType: 'saml20_sp' }] }
            : {}),
        });
        // Spec §5: an allowed MANAGER, INVITER or GUEST invitation still needs a role (400), not a refusal.
        const needsRole =
          roles.length === 0 &&
          !['SUPER_USER', 'INSTITUTION_ADMIN', 'APPLICATION_MANAGER'].includes(intended);
        // An APPLICATION_MANAGER invitation also needs the right to grant its applications.
        const mayGrant = !forApplications || mayGrantApplicationManager(users[actor], ['app-wiki']);
        const outcome = allowed.includes(intended) && mayGrant ? (needsRole ? 400 : 201) : 403;
        expect([intended, res.statusCode]).toEqual([intended, outcome]);
      }
    },
  );

  it.each(ROLE_KEYS)(
    'changes end dates of every authority on %s as allowedToRenewUserRole says',
    async (key) => {
      const role = (await t.role(t.roleIds[key])) as Role;
      for (const authority of MEMBER_AUTHORITIES) {
        const userId = await t.freshUser();
        const id = await addMember(t.app, userId, role.id, authority);
        const target = { id, user_id: userId, role, authority };
        const res = await ask('PUT', '/api/v1/user_roles', { userRoleId: id, endDate: now() + 30 * DAY });
        const outcome = allowedToRenewUserRole(users[actor], target) ? 200 : 403;
        expect([authority, res.statusCode]).toEqual([authority, outcome]);
      }
    },
  );

  it.each(ROLE_KEYS)(
    'removes members of every authority on %s as allowedToRenewUserRole says',
    async (key) => {
      const role = (await t.role(t.roleIds[key])) as Role;
      for (const authority of MEMBER_AUTHORITIES) {
        const userId = await t.freshUser();
        const id = await addMember(t.app, userId, role.id, authority);
        const target = { id, user_id: userId, role, authority };
        const res = await ask('DELETE', `/api/v1/user_roles/${role.id}/${id}`);
        const outcome = allowedToRenewUserRole(users[actor], target, true) ? 204 : 403;
        expect([authority, res.statusCode]).toEqual([authority, outcome]);
      }
    },
  );

  it.each(SETS)(
    'withdraws invitations of every authority for roles %s as allowedToDeleteInvitation says',
    async (set) => {
      const roles = roleSets[set];
      const sender = await t.freshUser();
      for (const intended of AUTHORITIES) {
        for (const inviterId of [sender, users[actor].id]) {
          const id = await invitation(intended, roles, inviterId);
          const loaded = {
            intendedAuthority: intended,
            status: 'OPEN' as const,
            roles: roles.map((role) => ({ id: role.id, role })),
            inviter: { id: inviterId },
          };
          const res = await ask('DELETE', `/api/v1/invitations/${id}`);
          const outcome = allowedToDeleteInvitation(users[actor], loaded) ? 204 : 403;
          expect([intended, inviterId === sender ? 'other' : 'own', res.statusCode]).toEqual([
            intended,
            inviterId === sender ? 'other' : 'own',
            outcome,
          ]);
        }
      }
    },
  );
});
