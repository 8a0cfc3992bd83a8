// The one module through which the shell reaches Module Federation. Tests mock it and hand the shell the
// remotes' real source, so nothing else in the shell may import '@module-federation/enhanced/runtime'.
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { RemoteContributions, RemoteId } from 'shared-ui';

/** `/remotes.json`: remote id → URL of that remote's mf-manifest.json. */
export type RemoteUrls = Partial<Record<RemoteId, string>>;

const REMOTE_IDS: readonly RemoteId[] = ['roles', 'invitations', 'system', 'tokens'];

/** The federation name a remote is built with (its package name with underscores). */
export function federationName(id: RemoteId): string {
  return `mfe_${id}`;
}

/** Reads `/remotes.json`; only string URLs of known remote ids are kept. */
export async function fetchRemoteUrls(): Promise<RemoteUrls> {
  const response = await fetch('/remotes.json', {
    cache: 'no-cache',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`);
  const body: unknown = await response.json();
  const urls: RemoteUrls = {};
  if (body && typeof body === 'object') {
    for (const id of REMOTE_IDS) {
      const url = (body as Record<string, unknown>)[id];
      if (typeof url === 'string' && url.length > 0) urls[id] = url;
    }
  }
  return urls;
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

/** Registers the remotes with the Module Federation runtime (again, when a retry re-read remotes.json). */
export function registerRemoteUrls(urls: RemoteUrls): void {
  if (!registeredBefore) registerPlugins([reportFailures]);
  const remotes = (Object.entries(urls) as [RemoteId, string][]).map(([id, entry]) => ({
    name: federationName(id),
    alias: id,
    entry,
  }));
  // force replaces an earlier registration, so a changed URL in remotes.json takes effect on retry.
  registerRemotes(remotes, { force: registeredBefore });
  registeredBefore = true;
}

/** Loads `<name>/contributions` of one remote. Rejects when the remote is down or exposes no contract. */
export async function loadContributions(id: RemoteId): Promise<RemoteContributions> {
  const exposed = await loadRemote<{ default?: RemoteContributions }>(`${federationName(id)}/contributions`);
  const contributions = exposed?.default;
  if (!contributions || contributions.id !== id) throw new Error(`Remote ${id} exposes no contributions`);
  return contributions;
}
