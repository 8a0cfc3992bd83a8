// The edges of the rules that decide access, each stated once (issue 57: every one was a mutant of
// StrykerJS's that no test noticed): missing fields, empty ids, a membership without its role, defaults.
import {
  accessibleApplications,
  managedApplicationIds,
  mayUseApplicationInRole,
  isRoleUnknownInManage,
  ownApplicationIds,
  roleApplicationIds,
} from './applications.js';
import { bestRoleAuthority, isValidAuthority } from './authority.js';
import { allowedToEditRole, allowedToRenewUserRole, mayManageInvitation } from './permissions.js';
import { heldAuthority, mayCreateRole, maySeeRole, roleVisibility } from './role-access.js';
import { holding, makeRole, makeUser } from './testing/fixtures.js';
import type { Role, UserRole } from './types.js';

/** A membership the server sent without its role (never expected, but never a crash either). */
const roleless = (authority: UserRole['authority'], id = 9001) => ({ id, authority }) as unknown as UserRole;

describe("a role's applications", () => {
  it('are its usages that name an application, else its maps with an id', () => {
    expect(
      roleApplicationIds({
        applicationUsages: [{}, { application: { manageId: '' } }] as Role['applicationUsages'],
        applicationMaps: [{ id: 'from-map' }],
      }),
    ).toEqual(['from-map']);
    expect(roleApplicationIds({ applicationMaps: [{ id: '' }, { id: 'kept' }] })).toEqual(['kept']);
    expect(roleApplicationIds({})).toEqual([]);
    expect(roleApplicationIds(makeRole(1, ['a', 'b']))).toEqual(['a', 'b']);
  });

  it('are unknown in the registry when one of its maps is, or the server says so', () => {
    expect(isRoleUnknownInManage({ applicationMaps: [{ id: 'a', unknown: true }, { id: 'b' }] })).toBe(true);
    expect(isRoleUnknownInManage({ unknownInManage: true } as Role)).toBe(true);
    expect(isRoleUnknownInManage({ unknownInManage: false } as Role)).toBe(false);
  });
});

describe("a user's own and managed applications", () => {
  it("are an institution admin's applications with an id; nobody else's", () => {
    expect(ownApplicationIds(null)).toEqual([]);
    expect(ownApplicationIds(makeUser({ apps: ['a'] }))).toEqual([]);
    expect(ownApplicationIds(makeUser({ institutionAdmin: true }))).toEqual([]);
    expect(ownApplicationIds(makeUser({ institutionAdmin: true, apps: ['', 'a'] }))).toEqual(['a']);
  });

  it("are an application manager's applications with an id", () => {
    expect(managedApplicationIds(null)).toEqual([]);
    expect(managedApplicationIds(makeUser())).toEqual([]);
    expect(managedApplicationIds(makeUser({ managedApps: ['', 'm'] }))).toEqual(['m']);
  });

  it('may be put on a role by a super user, their institution admin or their application manager', () => {
    expect(mayUseApplicationInRole(null, 'a')).toBe(false);
    expect(mayUseApplicationInRole(makeUser({ superUser: true }), 'a')).toBe(true);
    expect(mayUseApplicationInRole(makeUser({ institutionAdmin: true, apps: ['a'] }), 'a')).toBe(true);
    expect(mayUseApplicationInRole(makeUser({ managedApps: ['a'] }), 'a')).toBe(true);
    expect(mayUseApplicationInRole(makeUser({ institutionAdmin: true, apps: ['b'] }), 'a')).toBe(false);
  });
});

describe('the applications a guest may open', () => {
  const now = 1_900_000_000;
  const guestOf = (role: Role, extra: Partial<UserRole> = {}) =>
    makeUser({ userRoles: [holding(role, 'GUEST', extra)] });

  it('are none for nobody, nor through a role without maps or usages', () => {
    expect(accessibleApplications(null, 'en', now)).toEqual([]);
    const bare = makeRole(1, []);
    delete (bare as Partial<Role>).applicationMaps;
    delete (bare as Partial<Role>).applicationUsages;
    expect(accessibleApplications(guestOf(bare), 'en', now)).toEqual([]);
  });

  it('end when the membership ends: at its end date, not a second later', () => {
    const role = makeRole(1, ['a']);
    expect(accessibleApplications(guestOf(role, { endDate: now }), 'en', now)).toEqual([]);
    expect(accessibleApplications(guestOf(role, { endDate: now + 1 }), 'en', now)).toHaveLength(1);
  });

  it('are judged against the present when no time is given', () => {
    const role = makeRole(1, ['a']);
    const inAnHour = Math.floor(Date.now() / 1000) + 3600;
    expect(accessibleApplications(guestOf(role, { endDate: inAnHour }), 'en')).toHaveLength(1);
    expect(accessibleApplications(guestOf(role, { endDate: inAnHour - 7200 }), 'en')).toEqual([]);
  });

  it('are named in the language asked (nl-BE is Dutch), else in the other one', () => {
    const role = makeRole(1, [], {
      applicationMaps: [
        { id: 'both', 'name:en': 'Wiki', 'name:nl': 'Wikie' },
        { id: 'dutch-only', 'name:nl': 'Alleen Nederlands' },
      ],
    });
    const names = (language: string) =>
      accessibleApplications(guestOf(role), language, now).map((application) => application.name);
    expect(names('nl-BE')).toEqual(['Alleen Nederlands', 'Wikie']);
    expect(names('en')).toEqual(['Alleen Nederlands', 'Wiki']);
  });

  it("lead to the role's landing page when no usage of that application has one", () => {
    const role = makeRole(1, [], {
      landingPage: 'https://role.example.org',
      applicationMaps: [{ id: 'a' }],
      applicationUsages: [
        { landingPage: 'https://nowhere.example.org' } as Role['applicationUsages'][number],
        {
          application: { manageId: 'other', manageType: 'saml20_sp' },
          landingPage: 'https://other.example.org',
        },
      ],
    });
    expect(accessibleApplications(guestOf(role), 'en', now).map((application) => application.url)).toEqual([
      'https://role.example.org',
    ]);
  });
});

describe('authorities', () => {
  it('are the six names of the ladder, and only strings', () => {
    expect(isValidAuthority('GUEST')).toBe(true);
    expect(isValidAuthority(['GUEST'])).toBe(false);
    expect(isValidAuthority({ toString: () => 'MANAGER' })).toBe(false);
  });

  it('of memberships with a name outside the ladder count for nothing', () => {
    const role = makeRole(1, ['a']);
    const bogus = { ...holding(role, 'GUEST'), authority: 'BOGUS' } as unknown as UserRole;
    expect(bestRoleAuthority({ userRoles: [holding(role, 'GUEST'), bogus] })).toBe('GUEST');
    expect(bestRoleAuthority({ userRoles: [bogus] })).toBeNull();
  });
});

describe('a membership without its role', () => {
  it('gives no authority on any role, and breaks no rule', () => {
    const user = makeUser({ userRoles: [roleless('MANAGER')] });
    const role = makeRole(1, ['a']);
    expect(heldAuthority(user, 1)).toBeNull();
    expect(heldAuthority(null, 1)).toBeNull();
    expect(allowedToEditRole(user, role)).toBe(false);
    expect(roleVisibility(user).roleIds).toEqual([]);
  });
});

describe('acting on an entry of oneself', () => {
  const role = makeRole(1, ['a']);
  const own = holding(role, 'MANAGER');
  const other = holding(makeRole(2, ['b']), 'GUEST');
  const user = makeUser({ userRoles: [own, other] });

  it('is allowed only when asked for, and known by the entry id among all of the own entries', () => {
    const entry = { id: own.id, role, authority: 'MANAGER' as const };
    expect(allowedToRenewUserRole(user, entry, true)).toBe(true);
    expect(allowedToRenewUserRole(user, entry)).toBe(false);
  });

  it('falls back to the entry id when the entry names no owner (a null user id)', () => {
    const entry = { id: own.id, user_id: null, role, authority: 'MANAGER' as const };
    expect(allowedToRenewUserRole(user, entry as never, true)).toBe(true);
  });
});

describe('invitations', () => {
  it('are managed by nobody who is not logged in', () => {
    expect(
      mayManageInvitation(null, {
        intendedAuthority: 'GUEST',
        status: 'OPEN',
        roles: [{ role: makeRole(1, ['a']) }],
      }),
    ).toBe(false);
  });

  it('without roles are managed only by a super user or their inviter, whatever the intended authority', () => {
    const inviter = makeUser({ userRoles: [holding(makeRole(1, ['a']), 'INVITER')] });
    for (const intendedAuthority of ['GUEST', 'INVITER', 'MANAGER'] as const) {
      expect(mayManageInvitation(inviter, { intendedAuthority, status: 'OPEN' })).toBe(false);
      expect(
        mayManageInvitation(inviter, {
          intendedAuthority,
          status: 'OPEN',
          inviter: { id: inviter.id } as never,
        }),
      ).toBe(true);
    }
  });
});

describe('which roles a user sees', () => {
  it('is nothing at all for nobody', () => {
    expect(roleVisibility(null)).toEqual({
      all: false,
      roleIds: [],
      organizationGUID: null,
      applicationIds: [],
    });
    expect(roleVisibility(undefined, true)).toEqual({
      all: false,
      roleIds: [],
      organizationGUID: null,
      applicationIds: [],
    });
  });

  it('are the roles held above guest, by a numeric, known id', () => {
    const user = makeUser({
      userRoles: [
        holding(makeRole(5, ['a']), 'GUEST'),
        holding(makeRole(6, ['a']), 'INVITER'),
        holding({ ...makeRole(7, ['a']), id: Number.NaN }, 'MANAGER'),
        holding({ ...makeRole(8, ['a']), id: '8' as unknown as number }, 'MANAGER'),
      ],
    });
    expect(roleVisibility(user).roleIds).toEqual([6]);
  });

  it("are an institution admin's organisation's roles only when asked with force while it has no applications", () => {
    const admin = makeUser({ institutionAdmin: true, organizationGUID: 'org', apps: [] });
    const ofOrganisation = { ...makeRole(3, ['x']), organizationGUID: 'org' };
    expect(roleVisibility(admin).organizationGUID).toBeNull();
    expect(roleVisibility(admin, true).organizationGUID).toBe('org');
    expect(maySeeRole(admin, ofOrganisation)).toBe(false);
    expect(maySeeRole(admin, ofOrganisation, true)).toBe(true);
  });
});

describe('who may create roles', () => {
  it('a super user, an institution admin with applications, an application manager; nobody else', () => {
    expect(mayCreateRole(null)).toBe(false);
    expect(mayCreateRole(makeUser({ superUser: true }))).toBe(true);
    expect(mayCreateRole(makeUser({ institutionAdmin: true, apps: ['a'] }))).toBe(true);
    expect(mayCreateRole(makeUser({ institutionAdmin: true, apps: [] }))).toBe(false);
    expect(mayCreateRole(makeUser({ apps: ['a'] }))).toBe(false);
    expect(mayCreateRole(makeUser({ managedApps: ['m'] }))).toBe(true);
  });
});
