import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EntityRegistry, type EntitySnapshot } from './entity-registry.js';
import { parseEntities } from './manage-entity.js';

/** server/registry, next to src/ and dist/. */
export const DEFAULT_REGISTRY_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../registry',
);

/**
 * The logos of the bundled entities (SVG files), served by the server under BUNDLED_LOGOS_PATH: the
 * entities name them as URLs, as Manage does its logos, so that lists carry a short URL per application
 * and the browser caches each image once (inline data: URLs made up much of a page of roles).
 */
export const BUNDLED_LOGOS_DIR = path.join(DEFAULT_REGISTRY_DIR, 'logos');
export const BUNDLED_LOGOS_PATH = '/registry/logos/';

async function readEntities(dir: string, file: string) {
  const full = path.join(dir, file);
  return parseEntities(JSON.parse(await readFile(full, 'utf8')), full);
}

/**
 * The default registry's source: the JSON files applications.json, identity-providers.json and
 * provisionings.json, read afresh at each call (the registry snapshot's refresh, registry-snapshot.ts).
 */
export function fileSource(dir: string = DEFAULT_REGISTRY_DIR): () => Promise<EntitySnapshot> {
  return async () => {
    const [applications, identityProviders, provisionings] = await Promise.all([
      readEntities(dir, 'applications.json'),
      readEntities(dir, 'identity-providers.json'),
      readEntities(dir, 'provisionings.json'),
    ]);
    return { applications, identityProviders, provisionings };
  };
}

/**
 * A registry over the JSON files of `dir`, read at each call. The server reads them through the snapshot
 * in the database (app.ts takes this registry's source); used directly, by tests and scripts only.
 */
export function fileRegistry(dir: string = DEFAULT_REGISTRY_DIR, baseUrl?: string): EntityRegistry {
  return new EntityRegistry(fileSource(dir), baseUrl);
}
