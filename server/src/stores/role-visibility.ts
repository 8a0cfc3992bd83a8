/**
 * The roles a user may list, as an SQL condition over alias r. Who sees what is decided once, in
 * shared-auth (roleVisibility: spec §6, README `GET roles`); this only translates that decision into SQL,
 * as roleIsVisible reads it in TypeScript, so the list and mayReadRole cannot drift apart
 * (role-visibility.test.ts checks both on every persona of the development data).
 */
import { roleVisibility, type User } from 'shared-auth/rules';

/**
 * The condition and its parameters, numbered from $2 ($1 is the caller's search text): a role the user
 * holds, of its institution's organisation, or on one of its applications. A missing organisation is
 * NULL, which equals nothing.
 */
export function visibleRolesWhere(user: User, force: boolean): { where: string; params: unknown[] } {
  const visibility = roleVisibility(user, force);
  if (visibility.all) return { where: 'TRUE', params: [] };
  // Neither an organisation nor applications (everyone but institution admins): the other two clauses
  // match nothing, and without them the planner reads the roles by id.
  if (visibility.organizationGUID === null && visibility.applicationIds.length === 0) {
    return { where: 'r.id = ANY($2::bigint[])', params: [visibility.roleIds] };
  }
  return {
    where: `(r.id = ANY($2::bigint[]) OR r.organization_guid = $3::text OR EXISTS (
        SELECT 1 FROM application_usages au WHERE au.role_id = r.id AND au.manage_id = ANY($4::text[])))`,
    params: [visibility.roleIds, visibility.organizationGUID, visibility.applicationIds],
  };
}
