import { applicationManagerOwnsRole, userManagesRoleApplication } from './applications.js';
import { isKnownId } from './ids.js';
import type { Role, User } from './types.js';

/**
 * Spec §6 'Role list for non-super users': the user's own non-GUEST roles first, marked `isUserRole`
 * with the authority held, then the other listed roles (INSTITUTION_ADMIN as authority when the user
 * owns one of their applications, APPLICATION_MANAGER when the user manages all of them). Super users
 * get the list unchanged. Inputs are not mutated.
 */
export function sortRolesForUser(user: User | null | undefined, roles: Role[]): Role[] {
  if (!user || user.superUser) return [...roles];
  const listed = new Map(roles.map((role) => [role.id, role]));
  const own: Role[] = [];
  const ownIds = new Set<number>();
  for (const userRole of user.userRoles ?? []) {
    if (userRole.authority === 'GUEST' || !isKnownId(userRole.role?.id) || ownIds.has(userRole.role.id)) {
      continue;
    }
    ownIds.add(userRole.role.id);
    const role = listed.get(userRole.role.id) ?? userRole.role;
    own.push({ ...role, isUserRole: true, authority: userRole.authority });
  }
  const others = roles
    .filter((role) => !ownIds.has(role.id))
    .map((role) => {
      const authority = userManagesRoleApplication(user, role)
        ? 'INSTITUTION_ADMIN'
        : applicationManagerOwnsRole(user, role)
          ? 'APPLICATION_MANAGER'
          : role.authority;
      return { ...role, isUserRole: false, ...(authority ? { authority } : {}) };
    });
  return [...own, ...others];
}
