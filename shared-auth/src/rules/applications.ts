import type { Role, RoleRef, User } from './types.js';

/** The registry manageIds a role points at (its application usages, else its application maps). */
export function roleApplicationIds(
  role: Partial<Pick<Role, 'applicationUsages' | 'applicationMaps'>>,
): string[] {
  const fromUsages = (role.applicationUsages ?? [])
    .map((usage) => usage.application?.manageId)
    .filter(isText);
  if (fromUsages.length > 0) return fromUsages;
  return (role.applicationMaps ?? []).map((map) => map.id).filter(isText);
}

/** The registry manageIds an institution admin owns (its organisation's applications); empty for others. */
export function ownApplicationIds(user: User | null | undefined): string[] {
  if (!user?.institutionAdmin) return [];
  return (user.applications ?? []).map((application) => application.id).filter(isText);
}

/** True when the user is an institution admin and the registry application is one of theirs. */
export function userManagesApplication(user: User | null | undefined, manageId: string): boolean {
  return ownApplicationIds(user).includes(manageId);
}

/** True when the user is an institution admin owning at least one of the role's applications. */
export function userManagesRoleApplication(user: User | null | undefined, role: RoleRef): boolean {
  return roleApplicationIds(role).some((manageId) => userManagesApplication(user, manageId));
}

/** Spec §3: a role is unknown in the registry when the server flagged it or one of its mappings is unknown. */
export function isRoleUnknownInManage(role: Pick<Role, 'unknownInManage' | 'applicationMaps'>): boolean {
  return role.unknownInManage === true || (role.applicationMaps ?? []).some((map) => map.unknown === true);
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}
