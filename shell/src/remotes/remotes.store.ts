import { matchPath } from 'react-router-dom';
import { create } from 'zustand';
import { CONTRACT_VERSION, registerTranslations } from 'shared-ui/core';
import type { RemoteContributions, RemoteId, RemoteMetadata } from 'shared-ui/core';
import {
  fetchRemoteManifest,
  fetchRemoteUrls,
  loadContributions,
  registerRemoteEntries,
} from './remote-loader';
import type { RemoteUrls } from './remote-loader';
import { takeEarlyRemotes } from '../early-startup';
import {
  compatibleContract,
  forgetRememberedMetadata,
  parseMetadata,
  rememberedMetadata,
  rememberMetadata,
} from './remote-metadata';

/**
 * known: its metadata is read, its code not loaded yet; loading / loaded: its code; failed: its metadata
 * or its code could not be loaded; refused: it was built against another major of the contract.
 */
export type RemoteStatus = 'known' | 'loading' | 'loaded' | 'failed' | 'refused';

export interface RemoteState {
  status: RemoteStatus;
  /** Counts code load attempts; part of the error-boundary key, because React.lazy caches a rejection. */
  attempt: number;
  /**
   * What the remote published in its manifest; when that cannot be read, what it published the last time
   * this browser read it, if ever (its part then shows the unavailable panel).
   */
  metadata?: RemoteMetadata;
  contributions?: RemoteContributions;
}

interface RemotesStore {
  /** Every remote of remotes.json, once discovered. */
  remotes: Record<RemoteId, RemoteState>;
  /** True once remotes.json and every manifest answered or failed. */
  discovered: boolean;
  /** remotes.json itself could not be read. */
  listFailed: boolean;
  /** Reads remotes.json and every remote's manifest in parallel (no code); the first call only. */
  discover: () => Promise<void>;
  /** Loads one remote's code, when known and not loaded yet. */
  load: (id: RemoteId) => Promise<void>;
  /** Once discovered, loads the code of the remote whose published route matches `pathname`, if any. */
  loadFor: (pathname: string) => Promise<void>;
  /** Loads the code of every known remote in parallel. */
  ensureLoaded: () => Promise<void>;
  /** Reads a remote's manifest again when it failed, then loads its code. */
  retry: (id: RemoteId) => Promise<void>;
  /** Reads remotes.json again and retries every remote that is not loaded. */
  retryAll: () => Promise<void>;
}

// The first discovery, once started.
let discovering: Promise<void> | null = null;
let urls: RemoteUrls = {};

/** Reads a remote's manifest and checks its metadata and contract version. */
async function describe(
  id: RemoteId,
  url: string,
  early?: Promise<Response>,
): Promise<{ state: RemoteState; federationName?: string; entry?: string; sharesCore?: boolean }> {
  try {
    const manifest = await fetchRemoteManifest(url, early);
    const metadata = parseMetadata(id, manifest.metadata);
    if (!compatibleContract(metadata.contractVersion)) {
      console.error(
        `Remote ${id} was built against contract ${metadata.contractVersion}; this console speaks ${CONTRACT_VERSION}. It is not loaded.`,
      );
      return { state: { status: 'refused', attempt: 0, metadata } };
    }
    rememberMetadata(metadata);
    return {
      state: { status: 'known', attempt: 0, metadata },
      federationName: manifest.federationName,
      entry: manifest.entry,
      sharesCore: manifest.sharesCore,
    };
  } catch (error) {
    console.warn(`Remote ${id} cannot be described`, error);
    // What it published last time keeps its routes and tabs in place, showing the unavailable panel.
    const remembered = rememberedMetadata(id);
    const metadata = remembered && compatibleContract(remembered.contractVersion) ? remembered : undefined;
    return { state: { status: 'failed', attempt: 0, metadata } };
  }
}

export const useRemotesStore = create<RemotesStore>()((set, get) => {
  const setRemote = (id: RemoteId, state: RemoteState) =>
    set((current) => ({ remotes: { ...current.remotes, [id]: state } }));

  /** `early`: manifests' answers startup.js asked for (early-remotes.ts), by URL. */
  const describeAll = async (
    ids: RemoteId[],
    early: Record<string, Promise<Response>> = {},
  ): Promise<void> => {
    const described = await Promise.all(ids.map((id) => describe(id, urls[id], early[urls[id]])));
    const entries = ids.flatMap((id, index) => {
      const { federationName, entry, sharesCore } = described[index];
      return federationName && entry ? [{ id, federationName, entry, sharesCore }] : [];
    });
    if (entries.length > 0) registerRemoteEntries(entries);
    set((current) => ({
      remotes: {
        ...current.remotes,
        ...Object.fromEntries(
          ids.map((id, index) => [
            id,
            { ...described[index].state, attempt: current.remotes[id]?.attempt ?? 0 },
          ]),
        ),
      },
    }));
  };

  const readList = async (early?: Promise<Response>): Promise<void> => {
    try {
      urls = await fetchRemoteUrls(early);
      set({ listFailed: false });
    } catch (error) {
      console.warn('/remotes.json cannot be read', error);
      set({ listFailed: true });
    }
  };

  return {
    remotes: {},
    discovered: false,
    listFailed: false,
    discover: () =>
      (discovering ??= (async () => {
        // What startup.js began reading (the first discovery of a page load only).
        const early = takeEarlyRemotes();
        await readList(early?.list);
        await describeAll(Object.keys(urls), (await early?.manifests.catch(() => undefined)) ?? {});
        set({ discovered: true });
      })()),
    load: async (id) => {
      const remote = get().remotes[id];
      if (remote?.status !== 'known') return;
      const attempt = remote.attempt + 1;
      setRemote(id, { ...remote, status: 'loading', attempt });
      try {
        const contributions = await loadContributions(id);
        if (!compatibleContract(contributions.contractVersion)) {
          throw new Error(`its code speaks contract ${contributions.contractVersion}`);
        }
        registerTranslations(contributions.id, contributions.translations);
        setRemote(id, { ...remote, status: 'loaded', attempt, contributions });
      } catch (error) {
        console.warn(`Remote ${id} could not be loaded`, error);
        setRemote(id, { ...remote, status: 'failed', attempt });
      }
    },
    loadFor: async (pathname) => {
      await get().discover();
      const owner = Object.entries(get().remotes).find(([, remote]) =>
        remote.metadata?.routes.some((route) => matchPath(`/${route.path}`, pathname) !== null),
      );
      if (owner) await get().load(owner[0]);
    },
    ensureLoaded: async () => {
      await get().discover();
      await Promise.all(Object.keys(get().remotes).map((id) => get().load(id)));
    },
    retry: async (id) => {
      const remote = get().remotes[id];
      if (!remote || remote.status === 'refused') return;
      // A failed remote may have been redeployed: read its manifest again. A loaded one that threw while
      // rendering loads its code again, under a new attempt number.
      if (remote.status === 'failed') await describeAll([id]);
      else setRemote(id, { ...remote, status: 'known', contributions: undefined });
      await get().load(id);
    },
    retryAll: async () => {
      await readList();
      const { remotes } = get();
      const ids = Object.keys(urls).filter((id) => remotes[id]?.status !== 'loaded');
      await describeAll(ids);
      await Promise.all(ids.map((id) => get().load(id)));
    },
  };
});

/** Lets discover() run again, as on a new page load; for tests. */
export function restartDiscovery(): void {
  discovering = null;
}

/** Restores the initial state and forgets remembered remotes; for tests. */
export function resetRemotesStore(): void {
  discovering = null;
  urls = {};
  forgetRememberedMetadata();
  useRemotesStore.setState({ remotes: {}, discovered: false, listFailed: false });
}
