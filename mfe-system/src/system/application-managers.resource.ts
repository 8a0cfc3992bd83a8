import { apiGet, apiPut } from 'shared-auth';

/** One application an application manager manages, and where the right came from. */
export interface ManagedApplication {
  manageId: string;
  manageType: string;
  'name:en': string | null;
  'name:nl': string | null;
  /** False for an application the registry no longer knows (the right stays until removed). */
  known: boolean;
  invitationId: number | null;
  grantedBy: string | null;
  /** Epoch seconds. */
  grantedAt: number;
}

/** An application manager with the applications the viewer may see (GET users/applicationManagers). */
export interface ApplicationManager {
  id: number;
  name: string | null;
  email: string | null;
  lastActivity?: number;
  applications: ManagedApplication[];
}

/** Super users get every application manager; an institution admin those of its organisation's applications. */
export function fetchApplicationManagers(): Promise<ApplicationManager[]> {
  return apiGet<ApplicationManager[]>('users/applicationManagers');
}

/** What PUT users/removeApplicationManager/{userId} answers. */
export interface ApplicationManagerRemoval {
  id: number;
  removedApplications: ManagedApplication[];
  /** Applications of other organisations, which the remover may not take: the user still manages these. */
  remainingApplications: ManagedApplication[];
}

/** Takes away the applications the viewer may take (409 when there are none). */
export function removeApplicationManager(userId: number): Promise<ApplicationManagerRemoval> {
  return apiPut<ApplicationManagerRemoval>(`users/removeApplicationManager/${userId}`);
}
