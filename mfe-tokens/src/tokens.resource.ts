import { useCallback, useEffect, useState } from 'react';
import { apiDelete, apiGet, apiPost } from 'shared-auth';
import type { ApiToken } from 'shared-auth';

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

export interface TokensState {
  data: ApiToken[] | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/** Loads the token list; `reload()` fetches it again (after a create or delete). */
export function useTokens(): TokensState {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Omit<TokensState, 'reload'>>({ data: null, error: null, loading: true });

  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true, error: null }));
    fetchTokens().then(
      (data) => current && setState({ data, error: null, loading: false }),
      (error: unknown) => current && setState({ data: null, error, loading: false }),
    );
    // A later reload or an unmount makes this answer stale.
    return () => {
      current = false;
    };
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
