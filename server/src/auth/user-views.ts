/** How users are shown in lists (who sees which profile is the shared rule visibleProfile). */
import { toEpochSeconds } from '../domain/time.js';
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
    createdAt: toEpochSeconds(row.created_at) ?? undefined,
    lastActivity: toEpochSeconds(row.last_activity) ?? undefined,
  };
}
