// The one module through which the shell reaches the remotes over the network and Module Federation. Tests
// mock it and hand the shell the remotes' real source, so nothing else in the shell may import
// '@module-federation/enhanced/runtime'.
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { RemoteContributions, RemoteId } from 'shared-ui/core';
import { MANIFEST_REQUEST, remoteEntryUrl } from './early-remotes';

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
  /**
   * Whether the manifest lists `shared-ui/core` among its shared modules: the remote was built since
   * shared-ui's core is a singleton of its own (loadContributions).
   */
  sharesCore?: boolean;
}

interface ManifestBody {
  name?: unknown;
  shared?: unknown;
  metaData?: { portal?: unknown; publicPath?: unknown; remoteEntry?: { name?: unknown; path?: unknown } };
}

/** `url`'s JSON; `early`, when given, is its answer already on its way (startup.js, early-remotes.ts). */
async function getJson(url: string, early?: Promise<Response>): Promise<unknown> {
  const response = (await early?.catch(() => null)) ?? (await fetch(url, MANIFEST_REQUEST));
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** Reads `/remotes.json`; every id with a non-empty string URL is a remote. */
export async function fetchRemoteUrls(early?: Promise<Response>): Promise<RemoteUrls> {
  const body = await getJson('/remotes.json', early);
  const urls: RemoteUrls = {};
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [id, url] of Object.entries(body)) {
      if (typeof url === 'string' && url.length > 0) urls[id] = url;
    }
  }
  return urls;
}

/** Reads one remote's mf-manifest.json: cheap data, no code. */
export async function fetchRemoteManifest(url: string, early?: Promise<Response>): Promise<RemoteManifest> {
  const body = (await getJson(url, early)) as ManifestBody | null;
  const entry = remoteEntryUrl(body, url, window.location.href);
  if (!body || typeof body.name !== 'string' || !body.name || !entry)
    throw new Error(`${url} is no remote manifest`);
  const sharesCore =
    Array.isArray(body.shared) &&
    body.shared.some((module: { name?: unknown } | null) => module?.name === 'shared-ui/core');
  return { federationName: body.name, metadata: body.metaData?.portal, entry: entry.href, sharesCore };
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
/** The remotes whose manifest names `shared-ui/core` among their shared modules (RemoteManifest.sharesCore). */
const sharingCore = new Set<RemoteId>();

/**
 * Registers the remotes with the Module Federation runtime (again, when a retry re-read remotes.json).
 * Each by its remoteEntry.js, not its manifest: the shell has read the manifest already, and the runtime
 * would fetch it a second time before the remoteEntry (one round trip more on the way to every remote's
 * first screen). The host is built without the runtime's manifest code (`disableSnapshot`).
 */
export function registerRemoteEntries(
  entries: { id: RemoteId; federationName: string; entry: string; sharesCore?: boolean }[],
): void {
  if (!registeredBefore) registerPlugins([reportFailures]);
  for (const { id, federationName, sharesCore } of entries) {
    federationNames.set(id, federationName);
    if (sharesCore) sharingCore.add(id);
    else sharingCore.delete(id);
  }
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
 * A remote built before shared-ui's core was a singleton of its own (its manifest does not share
 * `shared-ui/core`) carries shared-ui with a core inside: a second i18n registry and slot-host context. If
 * it started first, its copy of shared-ui could be the one chosen for everyone. For such a remote the shell's
 * own copy (the part beyond the core, which the first page does not load) is loaded first: once loaded, it
 * is the copy every remote gets (shareStrategy 'loaded-first'). A remote that shares the core needs no wait
 * (one round trip less on a logged-out deep link such as an invitation's): any copy of shared-ui it gets
 * passes the one core on.
 */
export async function loadContributions(id: RemoteId): Promise<RemoteContributions> {
  const name = federationNames.get(id);
  if (!name) throw new Error(`Remote ${id} is not registered`);
  if (!sharingCore.has(id)) await import('shared-ui');
  const exposed = await loadRemote<{ default?: RemoteContributions }>(`${name}/contributions`);
  const contributions = exposed?.default;
  if (!contributions || contributions.id !== id) throw new Error(`Remote ${id} exposes no contributions`);
  return contributions;
}
