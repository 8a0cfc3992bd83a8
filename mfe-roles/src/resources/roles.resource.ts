import { apiDelete, apiGet, apiPost, apiPut } from 'shared-auth';
import type { ManageType, Page, Role, RoleBody, RoleConsequence } from 'shared-auth';
import { useLoad, type LoadState, type PageRequest } from 'shared-ui';
import { askedAhead } from './asked-ahead';

/**
 * The role payload the form sends to POST and PUT /roles (spec §7): the API's RoleBody (shared-auth) with
 * every setting given.
 */
export interface RoleInput extends RoleBody {
  defaultExpiryDays: number;
  /** Epoch seconds: memberships end on this date at the latest (then defaultExpiryDays is 0). */
  endDate: number | null;
  enforceEmailEquality: boolean;
  eduIDOnly: boolean;
  overrideSettingsAllowed: boolean;
  /** The ACR value invitees must log in with; null for none. */
  requestedAuthnContext: string | null;
  inviterDisplayName: string | null;
  applicationUsages: Array<{
    application: { manageId: string; manageType: ManageType };
    landingPage: string;
  }>;
}

/** A user who loses access when a role is deleted: the API's own type (shared-auth's api-types). */
export type Consequence = RoleConsequence;

/**
 * GET roles: a super user pages and searches on the server; everyone else gets all of its roles at once
 * (own roles first), which the console searches itself.
 */
export function fetchRoles(request?: Partial<PageRequest>, force = false): Promise<Page<Role>> {
  return (
    askedForRoles.take(rolesKey(request, force)) ??
    apiGet<Page<Role>>('roles', { searchParams: { force: force || undefined, ...request } })
  );
}

const askedForRoles = askedAhead<Page<Role>>();
// One key for one request, whatever the order of its fields.
const rolesKey = (request: Partial<PageRequest> | undefined, force: boolean) =>
  JSON.stringify([Object.entries(request ?? {}).sort(), force]);

/**
 * Asks for a list of roles ahead, while the code that shows it loads (the roles tab): the next fetchRoles
 * with the same request takes its answer, once and within 5 s.
 */
export function prefetchRoles(request?: Partial<PageRequest>, force = false): void {
  askedForRoles.keep(rolesKey(request, force), fetchRoles(request, force));
}

export function fetchRole(id: number): Promise<Role> {
  return apiGet<Role>(`roles/${id}`);
}

export function fetchApplicationRoles(manageId: string): Promise<Role[]> {
  return apiGet<Role[]>(`roles/application/${encodeURIComponent(manageId)}`);
}

/** Save failures open the failure dialog with the server's reference (spec §8). */
/** A taken short name (409) is shown at the name field by the form, not in the failure dialog. */
const SAVE_OPTIONS = { showErrorDialog: true, handledStatuses: [409] } as const;

export function saveRole(role: RoleInput): Promise<Role> {
  askedForRoles.clear();
  return role.id ? apiPut<Role>('roles', role, SAVE_OPTIONS) : apiPost<Role>('roles', role, SAVE_OPTIONS);
}

export async function deleteRole(id: number): Promise<void> {
  askedForRoles.clear();
  await apiDelete<unknown>(`roles/${id}`, { showErrorDialog: true });
}

export function fetchConsequences(roleId: number): Promise<Consequence[]> {
  return apiGet<Consequence[]>(`user_roles/consequences/${roleId}`);
}

export function useRole(id: number): LoadState<Role> {
  return useLoad(() => fetchRole(id), [id]);
}

export function useApplicationRoles(manageId: string): LoadState<Role[]> {
  return useLoad(() => fetchApplicationRoles(manageId), [manageId]);
}
