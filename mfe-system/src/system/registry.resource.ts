import { apiGet, apiPost, type RegistryState } from 'shared-auth';

// The answer's type is the API's own (shared-auth's api-types).
export type { RegistryState };

export function fetchRegistryState(): Promise<RegistryState> {
  return apiGet<RegistryState>('system/registry');
}

/** Reads the registry's source now; answers the state after it (a failure shows in lastError). */
export function refreshRegistry(): Promise<RegistryState> {
  return apiPost<RegistryState>('system/registry/refresh');
}
