import { apiDelete, apiGet, apiPut } from 'shared-auth';
import type { Page, UserRole } from 'shared-auth';
import type { PageRequest } from 'shared-ui';

/** The two member lists of a role: guests (GUEST, or a guest role included) and maintainers (above GUEST). */
export type UserRoleKind = 'guests' | 'maintainers';

export function searchUserRoles(
  roleId: number,
  kind: UserRoleKind,
  request: PageRequest,
): Promise<Page<UserRole>> {
  return apiGet<Page<UserRole>>(`user_roles/search/${roleId}/${kind}`, { searchParams: { ...request } });
}

/** The MANAGER members' e-mail addresses: the inviter's contact-admin link. */
export function fetchManagerEmails(roleId: number): Promise<string[]> {
  return apiGet<string[]>(`user_roles/managers/${roleId}`);
}

/** Changes the end date (epoch seconds), or clears it with null. */
export async function updateEndDate(userRoleId: number, endDate: number | null): Promise<void> {
  await apiPut<unknown>('user_roles', { userRoleId, endDate });
}

/**
 * Removes a membership. From the guests list (`guest`) a maintainer keeps the maintainer role and only
 * loses the included guest role. Failures open the failure dialog (spec §8).
 */
export async function deleteUserRole(roleId: number, userRoleId: number, guest: boolean): Promise<void> {
  await apiDelete<unknown>(`user_roles/${roleId}/${userRoleId}`, {
    searchParams: { guest: guest || undefined },
    showErrorDialog: true,
  });
}
