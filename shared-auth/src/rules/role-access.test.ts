import { heldAuthority, mayChangeRoleApplications, mayReadRole, mayViewRoleMembers } from './role-access.js';
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
    ['guest', false, true, false],
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
