/**
 * oidc-provider keeps each of its requests' context in one AsyncLocalStorage (its lib/helpers/als.js),
 * entered by every request it handles. Once entered, the storage is enabled, and Node then follows every
 * promise of the process for it (async hooks) for as long as it stays enabled: after the first login
 * through the development identity provider, every API request paid for it in the server's thread. The
 * storage is disabled whenever no request of
 * the identity provider is under way; its next request enables it again.
 */

/** What is used of the storage. */
export interface ContextStorage {
  disable(): void;
}

/** Where oidc-provider keeps it (no exports map: the path is reachable; null if a version moves it). */
const STORAGE_MODULE = 'oidc-provider/lib/helpers/als.js';

/** oidc-provider's request-context storage, or null when it cannot be found. */
export async function providerContextStorage(): Promise<ContextStorage | null> {
  try {
    const module = (await import(STORAGE_MODULE)) as { default?: Partial<ContextStorage> };
    const storage = module.default;
    return storage && typeof storage.disable === 'function' ? (storage as ContextStorage) : null;
  } catch {
    return null;
  }
}

/**
 * Counts the identity provider's requests under way; when the last one has closed, disables the storage.
 * `begin` is called as a request is handed over, with a function to call once when it has closed.
 */
export function disableWhenIdle(storage: ContextStorage | null): () => () => void {
  let underWay = 0;
  return () => {
    underWay++;
    let closed = false;
    return () => {
      if (closed) return;
      closed = true;
      underWay--;
      if (underWay === 0) storage?.disable();
    };
  };
}
