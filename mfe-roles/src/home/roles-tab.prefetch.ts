// In the remote's entry (contributions.ts), so that the roles tab's list is asked for while the tab's code
// loads, not once it has come and rendered. The tab (roles-tab.component.tsx) decides by the same rule.
import { DEFAULT_PAGE_SIZE, effectiveAuthority, useSessionStore } from 'shared-auth';
import type { User } from 'shared-auth';
import type { PageRequest } from 'shared-ui';
import { prefetchRoles } from '../resources/roles.resource';

/** The first page a super user's roles tab asks for: PagedList's first request. */
export const ALL_ROLES_FIRST_PAGE: PageRequest = {
  query: '',
  pageNumber: 0,
  pageSize: DEFAULT_PAGE_SIZE,
  sort: 'name',
  sortDirection: 'ASC',
};

/**
 * What the roles tab shows a user (spec §2 Home tabs): every role, paged on the server (a super user); the
 * guest note (a guest); or its own roles, with `force` for an institution admin of an institution (the
 * roles of its applications come along).
 */
export function rolesTabList(user: User): 'all' | 'guestNote' | { force: boolean } {
  if (user.superUser) return 'all';
  if (effectiveAuthority(user, true) === 'GUEST') return 'guestNote';
  return { force: user.institutionAdmin && Boolean(user.organizationGUID) };
}

/** Asks for the list the roles tab shows the session's user: none for a guest. */
export function prefetchRolesTab(): void {
  const { user } = useSessionStore.getState();
  if (!user) return;
  const list = rolesTabList(user);
  if (list === 'all') prefetchRoles(ALL_ROLES_FIRST_PAGE);
  else if (list !== 'guestNote') prefetchRoles(undefined, list.force);
}
