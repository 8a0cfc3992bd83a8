import { apiDelete, apiGet, apiPut, DEFAULT_PAGE_SIZE } from 'shared-auth';
import type { Page, UserRole } from 'shared-auth';
import type { PageRequest } from 'shared-ui';
import { askedAhead } from './asked-ahead';

/** The two member lists of a role: guests (GUEST, or a guest role included) and maintainers (above GUEST). */
export type UserRoleKind = 'guests' | 'maintainers';

/** The first page a member list asks for (spec §9: page 0 of 10, by name). */
export const FIRST_MEMBERS_PAGE: PageRequest = {
  query: '',
  pageNumber: 0,
  pageSize: DEFAULT_PAGE_SIZE,
  sort: 'name',
  sortDirection: 'ASC',
};

const prefetched = askedAhead<Page<UserRole>>();

function fetchUserRoles(roleId: number, kind: UserRoleKind, request: PageRequest): Promise<Page<UserRole>> {
  return apiGet<Page<UserRole>>(`user_roles/search/${roleId}/${kind}`, { searchParams: { ...request } });
}

/**
 * Starts loading a role's first page of members while the role page still loads the role itself, so the
 * two calls run side by side instead of one after the other.
 */
export function prefetchUserRoles(roleId: number, kind: UserRoleKind): void {
  prefetched.keep(`${roleId}/${kind}`, fetchUserRoles(roleId, kind, FIRST_MEMBERS_PAGE));
}

/** A page of a role's guests or maintainers; the first page comes from a fresh prefetch when there is one. */
export function searchUserRoles(
  roleId: number,
  kind: UserRoleKind,
  request: PageRequest,
): Promise<Page<UserRole>> {
  const early = prefetched.take(`${roleId}/${kind}`);
  const isFirstPage = (Object.keys(FIRST_MEMBERS_PAGE) as Array<keyof PageRequest>).every(
    (field) => FIRST_MEMBERS_PAGE[field] === request[field],
  );
  if (early && isFirstPage) return early;
  return fetchUserRoles(roleId, kind, request);
}

/** The MANAGER members' e-mail addresses: the inviter's contact-admin link. */
export function fetchManagerEmails(roleId: number): Promise<string[]> {
  return apiGet<string[]>(`user_roles/managers/${roleId}`);
}

/** Changes the end date (epoch seconds), or clears it with null. */
export async function updateEndDate(userRoleId: number, endDate: number | null): Promise<void> {
  // A page fetched before a change must never be shown after it.
  prefetched.clear();
  await apiPut<unknown>('user_roles', { userRoleId, endDate });
}

/**
 * Removes a membership. From the guests list (`guest`) a maintainer keeps the maintainer role and only
 * loses the included guest role. Failures open the failure dialog (spec §8).
 */
export async function deleteUserRole(roleId: number, userRoleId: number, guest: boolean): Promise<void> {
  prefetched.clear();
  await apiDelete<unknown>(`user_roles/${roleId}/${userRoleId}`, {
    searchParams: { guest: guest || undefined },
    showErrorDialog: true,
  });
}
