import { cached, EntityRegistry } from './entity-registry.js';
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
 * A registry over an OpenConext Manage-style search API: POST {url}/manage/api/internal/search/{type}
 * with a JSON query answers a list of entities in the shape of manage-entity.ts.
 */
export function httpRegistry({
  url,
  ttlMs = 60_000,
  fetchImpl = fetch,
  baseUrl,
}: HttpRegistryOptions): EntityRegistry {
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

  return new EntityRegistry(
    cached(async () => {
      const [saml, oidc, identityProviders, provisionings] = await Promise.all([
        search('saml20_sp'),
        search('oidc10_rp'),
        search('saml20_idp'),
        search('provisioning'),
      ]);
      return { applications: [...saml, ...oidc], identityProviders, provisionings };
    }, ttlMs),
    baseUrl,
  );
}
