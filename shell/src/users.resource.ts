import { apiDelete, apiGet, apiPost } from 'shared-auth';
import type { User } from 'shared-auth';
import { useLoad, type LoadState } from 'shared-ui';

/** Another user's profile (GET users/other/{id}); a failure is the caller's to handle (→ /404). */
export function fetchOtherUser(id: string): Promise<User> {
  return apiGet<User>(`users/other/${encodeURIComponent(id)}`, { showErrorDialog: false });
}

/** Deletes a user (super users only; DELETE users/{id}). */
export async function deleteUser(id: number): Promise<void> {
  await apiDelete<unknown>(`users/${id}`);
}

/**
 * Tells the server an impersonation ends, so the audit trail shows it; sent while the impersonation
 * header still is. A failure does not keep anyone impersonating.
 */
export async function reportImpersonationEnd(): Promise<void> {
  await apiPost<unknown>('audit-logs/impersonation-end', undefined, { showErrorDialog: false }).catch(
    () => undefined,
  );
}

/** Loads another user's profile whenever the id changes. */
export function useOtherUser(id: string): LoadState<User> {
  return useLoad(() => fetchOtherUser(id), [id]);
}
