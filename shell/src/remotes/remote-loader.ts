// The one module through which the shell reaches the remotes over the network and Module Federation. Tests
// mock it and hand the shell the remotes' real source, so nothing else in the shell may import
// '@module-federation/enhanced/runtime'.
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { RemoteContributions, RemoteId } from 'shared-ui/core';

/** `/remotes.json`: remote id → URL of that remote's mf-manifest.json. The only list of remotes. */
export type RemoteUrls = Record<RemoteId, string>;

/** What the shell reads of a remote's manifest before loading its code. */
export interface RemoteManifest {
  /** The name the remote was built with; Module Federation loads `<name>/contributions`. */
  federationName: string;
  /** `metaData.portal`: the remote's published routes and slot entries, still unchecked. */
  metadata: unknown;
  /** Absolute URL of the remote's remoteEntry.js, resolved against the manifest's URL (or its publicPath). */
  entry: string;
}

interface ManifestBody {
  name?: unknown;
  metaData?: { portal?: unknown; publicPath?: unknown; remoteEntry?: { name?: unknown; path?: unknown } };
}

async function getJson(url: string): Promise<unknown> {
  const response = await fetch(url, { cache: 'no-cache', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** Reads `/remotes.json`; every id with a non-empty string URL is a remote. */
export async function fetchRemoteUrls(): Promise<RemoteUrls> {
  const body = await getJson('/remotes.json');
  const urls: RemoteUrls = {};
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [id, url] of Object.entries(body)) {
      if (typeof url === 'string' && url.length > 0) urls[id] = url;
    }
  }
  return urls;
}

/** Reads one remote's mf-manifest.json: cheap data, no code. */
export async function fetchRemoteManifest(url: string): Promise<RemoteManifest> {
  const body = (await getJson(url)) as ManifestBody | null;
  const file = body?.metaData?.remoteEntry?.name;
  if (!body || typeof body.name !== 'string' || !body.name || typeof file !== 'string' || !file)
    throw new Error(`${url} is no remote manifest`);
  const folder = body.metaData?.remoteEntry?.path;
  const publicPath = body.metaData?.publicPath;
  // publicPath 'auto' (our remotes): the files sit beside the manifest.
  const base = new URL(
    typeof publicPath === 'string' && publicPath !== 'auto' ? publicPath : url,
    window.location.href,
  );
  const entry = new URL(
    typeof folder === 'string' && folder ? `${folder.replace(/\/?$/, '/')}${file}` : file,
    base,
  );
  return { federationName: body.name, metadata: body.metaData?.portal, entry: entry.href };
}

// Reports a remote that cannot be loaded; the shell's own state shows the unavailable panel, so the
// plugin returns nothing and the error reaches the caller.
const reportFailures: ModuleFederationRuntimePlugin = {
  name: 'portal-report-remote-failures',
  errorLoadRemote({ id, error }) {
    console.warn(`Remote ${id} could not be loaded`, error);
    return undefined;
  },
};
let registeredBefore = false;
const federationNames = new Map<RemoteId, string>();

/**
 * Registers the remotes with the Module Federation runtime (again, when a retry re-read remotes.json).
 * Each by its remoteEntry.js, not its manifest: the shell has read the manifest already, and the runtime
 * would fetch it a second time before the remoteEntry (one round trip more on the way to every remote's
 * first screen). The host is built without the runtime's manifest code (`disableSnapshot`).
 */
export function registerRemoteEntries(
  entries: { id: RemoteId; federationName: string; entry: string }[],
): void {
  if (!registeredBefore) registerPlugins([reportFailures]);
  for (const { id, federationName } of entries) federationNames.set(id, federationName);
  // force replaces an earlier registration, so a changed URL in remotes.json takes effect on retry.
  registerRemotes(
    entries.map(({ id, federationName, entry }) => ({ name: federationName, alias: id, entry })),
    { force: registeredBefore },
  );
  registeredBefore = true;
}

/**
 * Loads `<name>/contributions` of one remote. Rejects when the remote is down or exposes no contract.
 *
 * The shell's own copy of shared-ui (the part beyond its core, which the first page does not load) comes
 * first: once loaded, it is the copy every remote gets (shareStrategy 'loaded-first'). Otherwise a remote
 * started first could have its own copy chosen, one that (from a build before shared-ui/core was shared)
 * carries a second i18n registry and slot-host context of its own.
 */
export async function loadContributions(id: RemoteId): Promise<RemoteContributions> {
  const name = federationNames.get(id);
  if (!name) throw new Error(`Remote ${id} is not registered`);
  await import('shared-ui');
  const exposed = await loadRemote<{ default?: RemoteContributions }>(`${name}/contributions`);
  const contributions = exposed?.default;
  if (!contributions || contributions.id !== id) throw new Error(`Remote ${id} exposes no contributions`);
  return contributions;
}
