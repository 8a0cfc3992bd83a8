/**
 * Which registry an app decides with (app.ts): the snapshot in the database (registry-snapshot.ts), whose
 * source is REGISTRY_URL's Manage, else REGISTRY_DIR's files (else the bundled ones), or the source of the
 * EntityRegistry a test hands in. Any other Registry handed in is used as it is, with no snapshot.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/types.js';
import { EntityRegistry } from './entity-registry.js';
import { fileSource } from './file-registry.js';
import { httpSource } from './http-registry.js';
import { RegistrySnapshot } from './registry-snapshot.js';
import type { Registry } from './registry.js';

export function setUpRegistry(
  given: Registry | undefined,
  config: AppConfig,
  db: Db,
  log: FastifyBaseLogger,
): { registry: Registry; snapshot: RegistrySnapshot | null } {
  if (given && !(given instanceof EntityRegistry)) return { registry: given, snapshot: null };
  const source = given
    ? given.load
    : config.registryUrl
      ? httpSource({ url: config.registryUrl })
      : fileSource(config.registryDir ?? undefined);
  const snapshot = new RegistrySnapshot({
    db,
    source,
    refreshMs: config.registryRefreshMs,
    checkMs: config.registryCheckMs,
    log,
  });
  return {
    registry: new EntityRegistry(() => snapshot.entities(), given ? given.baseUrl : config.publicUrl),
    snapshot,
  };
}
