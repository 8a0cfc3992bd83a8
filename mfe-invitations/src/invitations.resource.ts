import {
  apiDelete,
  apiGet,
  apiPost,
  apiPut,
  type Invitation,
  type InvitationProgress,
  type InvitationRequest,
  type InvitationSummary,
  type ListedInvitation,
  type ManageType,
  type Page,
  type Provider,
  type RedeemLink,
  type Role,
  type User,
} from 'shared-auth';
import type { PageRequest } from 'shared-ui';

// The answers' types are the API's own (shared-auth's api-types).
export type { InvitationProgress, InvitationSummary };

/** The invitation behind a mail's link; public. Its failures are handled by the accept page itself. */
/** The assurance levels a role or an invitation may ask for (ACR_VALUES): name → ACR value. */
export function fetchRequestedAuthnContextValues(): Promise<Record<string, string>> {
  return apiGet<Record<string, string>>('manage/requested-authn-context-values');
}

export function fetchPublicInvitation(hash: string): Promise<Invitation> {
  return apiGet<Invitation>('invitations/public', { searchParams: { hash } });
}

/** Accepts for the logged-in user; 412 (`{ email }`) when the login e-mail must match and does not. */
export async function acceptInvitation(hash: string, invitationId: number): Promise<void> {
  await apiPost<unknown>('invitations/accept', { hash, invitationId });
}

/** The user's Microsoft Graph invitations (GET users/ms-redeem-links); failures are quiet. */
export function fetchRedeemLinks(): Promise<RedeemLink[]> {
  return apiGet<RedeemLink[]>('users/ms-redeem-links', { showErrorDialog: false });
}

/** Creates one invitation per address; with `progressKey` its progress is readable under that key. */
export function createInvitation(
  request: InvitationRequest,
  progressKey?: string,
): Promise<InvitationSummary> {
  return apiPost<InvitationSummary>(
    'invitations',
    request,
    progressKey ? { headers: { 'X-Progress-Id': progressKey } } : undefined,
  );
}

/** The progress of the create sent with this key (404 when unknown to the server that answers). */
export function fetchInvitationProgress(progressKey: string): Promise<InvitationProgress> {
  return apiGet<InvitationProgress>(`invitations/progress/${encodeURIComponent(progressKey)}`);
}

/** Mails the invitation again (an expired one gets 30 more days). */
export async function resendInvitation(id: number): Promise<void> {
  await apiPut<unknown>(`invitations/${id}`);
}

export async function deleteInvitation(id: number): Promise<void> {
  await apiDelete<unknown>(`invitations/${id}`);
}

export type InvitationFilter = 'open' | 'accepted' | 'expired' | 'all';

export interface InvitationSearch extends PageRequest {
  roleId?: number;
  status: InvitationFilter;
  mine?: boolean;
}

/** A page of invitations, their roles summarised (RoleSummary). */
export function searchInvitations(search: InvitationSearch): Promise<Page<ListedInvitation>> {
  const { roleId, status, mine, ...paging } = search;
  return apiGet<Page<ListedInvitation>>('invitations/search', {
    searchParams: { ...paging, roleId, status, mine: mine ? true : undefined },
  });
}

/** At most this many roles are offered in the form; the server pages no further for one call. */
const ROLES_OFFERED = 1000;

/** The roles the user may see (its own, or all for a super user); the form filters those it may invite for. */
export async function fetchRoles(user: User): Promise<Role[]> {
  const page = await apiGet<Page<Role>>('roles', {
    searchParams: {
      force: user.institutionAdmin ? true : undefined,
      pageSize: ROLES_OFFERED,
      sort: 'name',
      sortDirection: 'ASC',
    },
  });
  return page.content;
}

/** The identity provider behind an organisation GUID, or null when none is known (404). */
export async function validateOrganizationGUID(guid: string): Promise<{ name: string } | null> {
  try {
    const provider = await apiGet<Record<string, unknown>>(
      `manage/organization-guid-validation/${encodeURIComponent(guid)}`,
    );
    const name = provider['name:en'] ?? provider['name:nl'] ?? provider.name ?? guid;
    return { name: String(name) };
  } catch {
    return null;
  }
}

export async function fetchCurrentUser(): Promise<User> {
  return apiGet<User>('users/me');
}

/** A registry application as the invitation form offers it for an application manager (issue 53). */
export interface GrantableApplication {
  manageId: string;
  manageType: ManageType;
  'name:en'?: string;
  'name:nl'?: string;
}

/**
 * The applications the user may make someone application manager of: every registry application for a
 * super user (manage/providers), the organisation's own for an institution admin (manage/applications).
 */
export async function fetchGrantableApplications(superUser: boolean): Promise<GrantableApplication[]> {
  const providers = superUser
    ? await apiGet<Provider[]>('manage/providers')
    : (await apiGet<{ providers: Provider[] }>('manage/applications')).providers;
  return providers
    .map((provider) => ({
      manageId: provider.manageId ?? provider.id,
      manageType: (provider.manageType ?? provider.type ?? 'saml20_sp') as ManageType,
      'name:en': provider['name:en'],
      'name:nl': provider['name:nl'],
    }))
    .sort((a, b) => (a['name:en'] ?? a.manageId).localeCompare(b['name:en'] ?? b.manageId));
}
