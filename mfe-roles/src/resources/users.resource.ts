import { apiGet } from 'shared-auth';
import type { Page, User } from 'shared-auth';
import type { PageRequest } from 'shared-ui';

/** A user as the users lists answer it. */
export interface UserListItem {
  id: number;
  name?: string | null;
  email?: string | null;
  schac_home_organization?: string | null;
  superUser?: boolean;
  institutionAdmin?: boolean;
  /** Epoch seconds. */
  lastActivity?: number;
  createdAt?: number;
  authority?: string;
  /** Only in search-by-application: the user's roles on the institution's applications. */
  userRoles?: Array<{
    id: number;
    roleId: number;
    roleName: string;
    authority: string;
    endDate?: number | null;
  }>;
}

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

/** An institution admin who may manage a role (GET users/institution-admins/{roleId}). */
export interface InstitutionAdmin extends UserListItem {
  organizationGUID: string;
}

/** The institution admins of the institutions owning the role's applications (or the role's own). */
export function fetchRoleInstitutionAdmins(roleId: number): Promise<InstitutionAdmin[]> {
  return apiGet<InstitutionAdmin[]>(`users/institution-admins/${roleId}`);
}
