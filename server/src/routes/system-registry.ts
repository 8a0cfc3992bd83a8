/**
 * /api/v1/system/registry: the registry snapshot's state for the system area (super users): when it was
 * last refreshed from its source, whether the last refresh failed and why, and a refresh on demand.
 */
import { mayOpenSystem, type RegistryState } from 'shared-auth/rules';
import { httpError } from '../errors.js';
import { permit } from '../plugins/permissions.js';
import type { SchemaTypedApp } from '../plugins/schema-types.js';

/** Epoch seconds, as every time of the console's API. */
const timeOrNull = { type: ['integer', 'null'] } as const;
const seconds = (iso: string | null) => (iso === null ? null : Math.floor(Date.parse(iso) / 1000));

const registryStateSchema = {
  type: 'object',
  required: ['source', 'version', 'versionInUse', 'refreshedAt', 'changedAt', 'lastError', 'lastErrorAt'],
  properties: {
    source: { type: 'string', enum: ['manage', 'files'], description: 'Where the snapshot is read from' },
    version: { type: 'integer', description: 'The snapshot in the database; 0 before a first success' },
    versionInUse: { type: 'integer', description: 'The snapshot this instance decides with' },
    refreshedAt: { ...timeOrNull, description: 'The last successful refresh, whether the content changed' },
    changedAt: { ...timeOrNull, description: 'When the content last changed' },
    lastError: {
      type: ['string', 'null'],
      description: 'Why the last refresh failed; null when it succeeded',
    },
    lastErrorAt: timeOrNull,
  },
  examples: [
    {
      source: 'manage',
      version: 12,
      versionInUse: 12,
      refreshedAt: 1_795_909_200,
      changedAt: 1_795_870_350,
      lastError: null,
      lastErrorAt: null,
    },
  ],
} as const;

const NO_SNAPSHOT = 'This server reads no registry snapshot (a test registry)';

export default async function systemRegistryRoutes(app: SchemaTypedApp): Promise<void> {
  const mayOpen = permit(mayOpenSystem, 'Only a super user may do this');

  async function state(): Promise<RegistryState> {
    const snapshot = app.registrySnapshot;
    if (!snapshot) throw httpError(404, NO_SNAPSHOT);
    const state = await snapshot.state();
    return {
      source: app.config.registryUrl ? 'manage' : 'files',
      version: state.version,
      versionInUse: snapshot.version,
      refreshedAt: seconds(state.refreshedAt),
      changedAt: seconds(state.changedAt),
      lastError: state.lastError,
      lastErrorAt: seconds(state.lastErrorAt),
    };
  }

  app.get(
    '/api/v1/system/registry',
    {
      preHandler: mayOpen,
      config: { errors: { 404: NO_SNAPSHOT } },
      schema: { response: { 200: registryStateSchema } },
    },
    state,
  );

  // A refresh now, instead of at the next period (REGISTRY_REFRESH): after a change in Manage, or to see
  // whether a failing source answers again. Its outcome shows in the state it answers.
  app.post(
    '/api/v1/system/registry/refresh',
    {
      preHandler: mayOpen,
      config: { errors: { 404: NO_SNAPSHOT } },
      schema: { response: { 200: registryStateSchema } },
    },
    async () => {
      const snapshot = app.registrySnapshot;
      if (!snapshot) throw httpError(404, NO_SNAPSHOT);
      await snapshot.refresh({ force: true });
      return state();
    },
  );
}
