// In the remote's entry (contributions.ts), so that the roles tab's list is asked for while the tab's code
// loads, not once it has come and rendered.
import { DEFAULT_PAGE_SIZE, effectiveAuthority, useSessionStore } from 'shared-auth';
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

/** Asks for the list the roles tab shows the session's user (RolesTab): none for a guest. */
export function prefetchRolesTab(): void {
  const { user } = useSessionStore.getState();
  if (!user) return;
  if (user.superUser) prefetchRoles(ALL_ROLES_FIRST_PAGE);
  else if (effectiveAuthority(user, true) !== 'GUEST')
    prefetchRoles(undefined, user.institutionAdmin && Boolean(user.organizationGUID));
}
