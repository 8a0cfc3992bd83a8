import { apiGet, apiPost } from 'shared-auth';

/** The registry snapshot's state (GET system/registry): times in epoch seconds. */
export interface RegistryState {
  source: 'manage' | 'files';
  /** The snapshot in the database; 0 before a first successful refresh. */
  version: number;
  /** The snapshot the answering server instance decides with. */
  versionInUse: number;
  refreshedAt: number | null;
  changedAt: number | null;
  /** Why the last refresh failed; null when it succeeded. */
  lastError: string | null;
  lastErrorAt: number | null;
}

export function fetchRegistryState(): Promise<RegistryState> {
  return apiGet<RegistryState>('system/registry');
}

/** Reads the registry's source now; answers the state after it (a failure shows in lastError). */
export function refreshRegistry(): Promise<RegistryState> {
  return apiPost<RegistryState>('system/registry/refresh');
}
