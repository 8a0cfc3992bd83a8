import { apiDelete, apiGet, apiPost } from 'shared-auth';
import type { ApiToken } from 'shared-auth';
import { useLoad, type LoadState } from 'shared-ui';

/** The API tokens the current user may see (all of them for a super user). */
export function fetchTokens(): Promise<ApiToken[]> {
  return apiGet<ApiToken[]>('tokens');
}

/** A fresh secret; the server keeps it in the session until the token is saved. */
export function generateToken(): Promise<{ token: string }> {
  return apiGet<{ token: string }>('tokens/generate-token');
}

/** Stores the token whose secret was generated last; only its hash is kept by the server. */
export async function createToken(description: string): Promise<void> {
  await apiPost<unknown>('tokens', { description });
}

export async function deleteToken(id: number): Promise<void> {
  await apiDelete<unknown>(`tokens/${id}`);
}

/** Loads the token list; `reload()` fetches it again (after a create or delete). */
export function useTokens(): LoadState<ApiToken[]> {
  return useLoad(fetchTokens, []);
}
