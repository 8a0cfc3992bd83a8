import {
  heldAuthority,
  mayChangeRoleApplications,
  mayReadRole,
  maySeeRole,
  mayViewRoleMembers,
  roleIsVisible,
  roleVisibility,
} from './role-access.js';
import { holding, makeRole, makeUser } from './testing/fixtures.js';
import type { User } from './types.js';

const roleA = makeRole(1, ['app-a']);
const roleB = makeRole(2, ['app-b']);

const actors: Record<string, User | null> = {
  superUser: makeUser({ superUser: true }),
  institutionAdminOwner: makeUser({ institutionAdmin: true, apps: ['app-a'] }),
  institutionAdminOther: makeUser({ institutionAdmin: true, apps: ['app-b'] }),
  manager: makeUser({ userRoles: [holding(roleA, 'MANAGER')] }),
  inviter: makeUser({ userRoles: [holding(roleA, 'INVITER')] }),
  guest: makeUser({ userRoles: [holding(roleA, 'GUEST')] }),
  managerElsewhere: makeUser({ userRoles: [holding(roleB, 'MANAGER')] }),
  nobody: null,
};

describe('access to one role (spec §6)', () => {
  // [actor, view members, read the role, change its applications or delete it]
  const cases: Array<[string, boolean, boolean, boolean]> = [
    ['superUser', true, true, true],
    ['institutionAdminOwner', true, true, true],
    ['institutionAdminOther', false, false, false],
    ['manager', true, true, false],
    ['inviter', true, true, false],
    // Spec §6 GUEST: the guest role is hidden from non-super users, in the list and on its own.
    ['guest', false, false, false],
    ['managerElsewhere', false, false, false],
    ['nobody', false, false, false],
  ];
  test.each(cases)('%s', (actor, members, read, applications) => {
    expect(mayViewRoleMembers(actors[actor], roleA)).toBe(members);
    expect(mayReadRole(actors[actor], roleA)).toBe(read);
    expect(mayChangeRoleApplications(actors[actor], roleA)).toBe(applications);
  });

  test('the held authority is the strongest of the user roles on that role', () => {
    const both = makeUser({ userRoles: [holding(roleA, 'GUEST'), holding(roleA, 'MANAGER')] });
    expect(heldAuthority(both, roleA.id)).toBe('MANAGER');
    expect(heldAuthority(both, roleB.id)).toBeNull();
  });
});

describe('role visibility (spec §6, GET roles and GET roles/{id})', () => {
  const ORG = 'org-1';
  const onApp = makeRole(10, ['app-a']);
  const ofOrganisation = makeRole(11, ['app-z'], { organizationGUID: ORG });
  const elsewhere = makeRole(12, ['app-z'], { organizationGUID: 'org-2' });
  const heldAsGuest = makeRole(13, ['app-z']);
  const heldAsInviter = makeRole(14, ['app-z']);
  const withoutOrganisation = makeRole(15, ['app-z'], { organizationGUID: null });
  const roles = [onApp, ofOrganisation, elsewhere, heldAsGuest, heldAsInviter, withoutOrganisation];
  const held = [holding(heldAsGuest, 'GUEST'), holding(heldAsInviter, 'INVITER')];
  const seen = (user: User | null, force: boolean) =>
    roles.filter((role) => maySeeRole(user, role, force)).map((role) => role.id);

  test('a super user sees every role', () => {
    expect(seen(makeUser({ superUser: true }), false)).toEqual([10, 11, 12, 13, 14, 15]);
  });

  test('others see their own non-guest roles only', () => {
    expect(seen(makeUser({ userRoles: held }), false)).toEqual([14]);
    expect(seen(makeUser({ userRoles: held }), true)).toEqual([14]);
    expect(seen(null, true)).toEqual([]);
  });

  test("an institution admin with applications also sees its institution's roles and those on its applications", () => {
    const admin = makeUser({
      institutionAdmin: true,
      organizationGUID: ORG,
      apps: ['app-a'],
      userRoles: held,
    });
    expect(seen(admin, false)).toEqual([10, 11, 14]);
    expect(seen(admin, true)).toEqual([10, 11, 14]);
  });

  test("an institution admin without applications sees its institution's roles only when forced", () => {
    const admin = makeUser({ institutionAdmin: true, organizationGUID: ORG, userRoles: held });
    expect(seen(admin, false)).toEqual([14]);
    expect(seen(admin, true)).toEqual([11, 14]);
  });

  test('an institution admin without organisation matches no role without organisation', () => {
    const admin = makeUser({ institutionAdmin: true, organizationGUID: null, apps: ['app-a'] });
    expect(seen(admin, true)).toEqual([10]);
    expect(seen({ ...admin, organizationGUID: '' }, true)).toEqual([10]);
    expect(roleVisibility(admin, true).organizationGUID).toBeNull();
  });

  test("a role without id is nobody's to see, not even a super user's", () => {
    const { id: _id, ...ghost } = heldAsInviter;
    const ghostRole = ghost as unknown as typeof heldAsInviter;
    expect(roleIsVisible(roleVisibility(makeUser({ superUser: true })), ghostRole)).toBe(false);
    expect(maySeeRole(makeUser({ userRoles: [holding(ghostRole, 'MANAGER')] }), ghostRole)).toBe(false);
  });

  test('the detail follows the widest list: mayReadRole is maySeeRole with force', () => {
    const admin = makeUser({ institutionAdmin: true, organizationGUID: ORG, userRoles: held });
    const users = [admin, makeUser({ userRoles: held }), makeUser({ superUser: true }), null];
    for (const user of users) {
      for (const role of roles) expect(mayReadRole(user, role)).toBe(maySeeRole(user, role, true));
    }
    expect(mayReadRole(admin, ofOrganisation)).toBe(true);
    expect(mayReadRole(admin, elsewhere)).toBe(false);
  });
});
