import { sortRolesForUser } from './roles.js';
import { holding, makeRole, makeUser } from './testing/fixtures.js';

const roleA = makeRole(1, ['app-a'], { name: 'A' });
const roleB = makeRole(2, ['app-b'], { name: 'B' });
const roleC = makeRole(3, ['app-c'], { name: 'C' });
const roleD = makeRole(4, ['app-a'], { name: 'D', userRoleCount: 7 });

const summary = (roles: ReturnType<typeof sortRolesForUser>) =>
  roles.map((role) => [role.name, role.isUserRole, role.authority ?? null]);

describe('sortRolesForUser', () => {
  test('own non-guest roles first, with the authority held, then the others', () => {
    const user = makeUser({
      userRoles: [holding(roleC, 'INVITER'), holding(roleB, 'GUEST'), holding(roleD, 'MANAGER')],
    });
    expect(summary(sortRolesForUser(user, [roleA, roleB, roleC, { ...roleD, userRoleCount: 9 }]))).toEqual([
      ['C', true, 'INVITER'],
      ['D', true, 'MANAGER'],
      ['A', false, null],
      ['B', false, null],
    ]);
  });

  test('own roles take the listed copy of the role (fresher counts)', () => {
    const user = makeUser({ userRoles: [holding(roleD, 'MANAGER')] });
    expect(sortRolesForUser(user, [{ ...roleD, userRoleCount: 9 }])[0].userRoleCount).toBe(9);
  });

  test('own roles not in the list are still shown; duplicates once', () => {
    const user = makeUser({ userRoles: [holding(roleA, 'MANAGER'), holding(roleA, 'INVITER')] });
    expect(summary(sortRolesForUser(user, []))).toEqual([['A', true, 'MANAGER']]);
  });

  test('an institution admin sees INSTITUTION_ADMIN on roles of its applications', () => {
    const user = makeUser({
      institutionAdmin: true,
      apps: ['app-a'],
      userRoles: [holding(roleB, 'MANAGER')],
    });
    expect(summary(sortRolesForUser(user, [roleA, roleB, roleC]))).toEqual([
      ['B', true, 'MANAGER'],
      ['A', false, 'INSTITUTION_ADMIN'],
      ['C', false, null],
    ]);
  });

  test('a guest only gets the listed roles', () => {
    const user = makeUser({ userRoles: [holding(roleA, 'GUEST')] });
    expect(summary(sortRolesForUser(user, [roleB]))).toEqual([['B', false, null]]);
  });

  test('super users and missing users get the list as given; inputs stay untouched', () => {
    const list = [roleC, roleA];
    const superUser = makeUser({ superUser: true, userRoles: [holding(roleA, 'MANAGER')] });
    expect(sortRolesForUser(superUser, list)).toEqual(list);
    expect(sortRolesForUser(null, list)).toEqual(list);
    sortRolesForUser(makeUser({ userRoles: [holding(roleA, 'MANAGER')] }), list);
    expect(roleA.isUserRole).toBeUndefined();
    expect(roleA.authority).toBeUndefined();
  });
});
