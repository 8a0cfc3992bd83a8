import { cached, EntityRegistry, type EntitySnapshot } from './entity-registry.js';
import { parseEntities } from './manage-entity.js';

export interface HttpRegistryOptions {
  /** Base URL of the Manage-style API; user and password in the URL are sent as basic authentication. */
  url: string;
  /** How long a fetched snapshot is used before asking again. */
  ttlMs?: number;
  fetchImpl?: typeof fetch;
  /** This server's URL, against which a SCIM URL that starts with `/` is resolved. */
  baseUrl?: string;
}

/**
 * The entities of an OpenConext Manage-style search API, asked afresh at each call (the registry snapshot's
 * refresh, registry-snapshot.ts): POST {url}/manage/api/internal/search/{type} with a JSON query answers a
 * list of entities in the shape of manage-entity.ts. Any answer but 2xx with a JSON array fails the call.
 */
export function httpSource({
  url,
  fetchImpl = fetch,
}: Pick<HttpRegistryOptions, 'url' | 'fetchImpl'>): () => Promise<EntitySnapshot> {
  const base = new URL(url);
  const authorization =
    base.username !== ''
      ? `Basic ${Buffer.from(`${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`).toString('base64')}`
      : undefined;
  base.username = '';
  base.password = '';
  const root = base.toString().replace(/\/$/, '');

  async function search(type: string) {
    const response = await fetchImpl(`${root}/manage/api/internal/search/${type}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(authorization ? { authorization } : {}),
      },
      body: JSON.stringify({}),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`Registry search ${type} answered ${response.status}`);
    return parseEntities(await response.json(), `registry ${type}`);
  }

  return async () => {
    const [saml, oidc, identityProviders, provisionings] = await Promise.all([
      search('saml20_sp'),
      search('oidc10_rp'),
      search('saml20_idp'),
      search('provisioning'),
    ]);
    return { applications: [...saml, ...oidc], identityProviders, provisionings };
  };
}

/**
 * A registry over a Manage-style API, its answer kept for ttlMs (and past a failed reload). The server
 * reads Manage through the snapshot in the database (app.ts uses httpSource); used directly by tests.
 */
export function httpRegistry({
  url,
  ttlMs = 60_000,
  fetchImpl,
  baseUrl,
}: HttpRegistryOptions): EntityRegistry {
  return new EntityRegistry(cached(httpSource({ url, fetchImpl }), ttlMs), baseUrl);
}
