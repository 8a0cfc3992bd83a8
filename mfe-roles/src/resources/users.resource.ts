import { apiGet } from 'shared-auth';
import type { InstitutionAdmin, Page, User, UserListItem } from 'shared-auth';
import type { PageRequest } from 'shared-ui';

// The answers' types are the API's own (shared-auth's api-types).
export type { InstitutionAdmin, UserListItem };

export function searchUsers(request: PageRequest): Promise<Page<UserListItem>> {
  return apiGet<Page<UserListItem>>('users/search', { searchParams: { ...request } });
}

export function searchUsersByApplication(request: PageRequest): Promise<Page<UserListItem>> {
  return apiGet<Page<UserListItem>>('users/search-by-application', { searchParams: { ...request } });
}

/** The full user, as users/me would answer it for them: the target of an impersonation. */
export function fetchOtherUser(id: number): Promise<User> {
  return apiGet<User>(`users/other/${id}`);
}

/** The institution admins of the institutions owning the role's applications (or the role's own). */
export function fetchRoleInstitutionAdmins(roleId: number): Promise<InstitutionAdmin[]> {
  return apiGet<InstitutionAdmin[]>(`users/institution-admins/${roleId}`);
}
