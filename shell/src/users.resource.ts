import { useEffect, useState } from 'react';
import { apiDelete, apiGet, apiPost } from 'shared-auth';
import type { User } from 'shared-auth';

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

export interface Resource<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
}

/** Loads another user's profile whenever the id changes. */
export function useOtherUser(id: string): Resource<User> {
  const [state, setState] = useState<Resource<User>>({ data: null, error: null, loading: true });
  useEffect(() => {
    let current = true;
    setState({ data: null, error: null, loading: true });
    fetchOtherUser(id).then(
      (data) => current && setState({ data, error: null, loading: false }),
      (error: unknown) => current && setState({ data: null, error, loading: false }),
    );
    return () => {
      current = false;
    };
  }, [id]);
  return state;
}
