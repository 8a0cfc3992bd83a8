/** How users are shown to other users: list items and profiles visible to a viewer. */
import type { User } from 'shared-auth/rules';
import { epochSeconds } from './role-shape.js';
import type { PagedQueryString } from './user-schemas.js';
import type { UserListRow, UserSearchQuery } from './user-search.js';

export function toSearchQuery(query: PagedQueryString): UserSearchQuery {
  return { ...query, sortDirection: query.sortDirection?.toUpperCase() === 'DESC' ? 'DESC' : 'ASC' };
}

export function listItem(row: UserListRow) {
  return {
    id: row.id,
    sub: row.sub,
    name: row.name,
    email: row.email,
    schac_home_organization: row.schac_home_organization,
    schacHomeOrganization: row.schac_home_organization,
    superUser: row.super_user,
    institutionAdmin: row.institution_admin,
    createdAt: epochSeconds(row.created_at) ?? undefined,
    lastActivity: epochSeconds(row.last_activity) ?? undefined,
  };
}

/** Manage ids an institution admin owns (its registry applications). */
export function ownApplicationIds(user: User): string[] {
  return user.institutionAdmin ? (user.applications ?? []).map((app) => app.id) : [];
}

/**
 * Who may see another user's profile: a super user; an institution admin when the other holds a role on
 * one of its applications; a manager of a role the other holds. Non-super viewers see only those roles.
 */
export function visibleProfile(viewer: User, other: User): User | null {
  if (viewer.superUser) return other;
  const ownApps = new Set(ownApplicationIds(viewer));
  const managed = new Set(
    viewer.userRoles
      .filter((ur) => ur.authority === 'MANAGER' || ur.authority === 'INSTITUTION_ADMIN')
      .map((ur) => ur.role.id),
  );
  const shared = other.userRoles.filter(
    (ur) =>
      managed.has(ur.role.id) ||
      ur.role.applicationUsages.some((usage) => ownApps.has(usage.application.manageId)),
  );
  if (shared.length === 0 && viewer.id !== other.id) return null;
  return viewer.id === other.id
    ? other
    : { ...other, userRoles: shared, roles: shared.map((ur) => ur.role), applications: [] };
}
