import { apiGet, apiPut, type ApplicationManager, type ApplicationManagerRemoval } from 'shared-auth';

// The answers' types are the API's own (shared-auth's api-types).
export type { ApplicationManager, ApplicationManagerRemoval, ManagedApplication } from 'shared-auth';

/** Super users get every application manager; an institution admin those of its organisation's applications. */
export function fetchApplicationManagers(): Promise<ApplicationManager[]> {
  return apiGet<ApplicationManager[]>('users/applicationManagers');
}

/** Takes away the applications the viewer may take (409 when there are none). */
export function removeApplicationManager(userId: number): Promise<ApplicationManagerRemoval> {
  return apiPut<ApplicationManagerRemoval>(`users/removeApplicationManager/${userId}`);
}
