import { create } from 'zustand';
import { registerTranslations } from 'shared-ui';
import type { RemoteContributions, RemoteId } from 'shared-ui';
import { fetchRemoteUrls, loadContributions, registerRemoteUrls } from './remote-loader';
import type { RemoteUrls } from './remote-loader';
import { REMOTE_IDS } from './remote-prefixes';

export type RemoteStatus = 'loading' | 'loaded' | 'failed';

export interface RemoteState {
  status: RemoteStatus;
  /** Counts load attempts; part of the error-boundary key, because React.lazy caches a rejection. */
  attempt: number;
  contributions?: RemoteContributions;
}

interface RemotesStore {
  remotes: Record<RemoteId, RemoteState>;
  /** Set once remotes.json has been read (or could not be read). */
  urls: RemoteUrls | null;
  /** Reads remotes.json, registers the remotes and loads every remote's contributions in parallel. */
  loadAll: () => Promise<void>;
  /** loadAll, the first time only: the shell calls it once a page needs the remotes. */
  ensureLoaded: () => Promise<void>;
  /** Loads one remote again; re-reads remotes.json first when it could not be read before. */
  retry: (id: RemoteId) => Promise<void>;
}

const initialRemotes = (): Record<RemoteId, RemoteState> =>
  Object.fromEntries(REMOTE_IDS.map((id) => [id, { status: 'loading', attempt: 0 }])) as Record<
    RemoteId,
    RemoteState
  >;

// The first load of every remote, once started; the landing page and the error pages never start it.
let started: Promise<void> | null = null;

export const useRemotesStore = create<RemotesStore>()((set, get) => {
  const setRemote = (id: RemoteId, state: RemoteState) =>
    set((current) => ({ remotes: { ...current.remotes, [id]: state } }));

  const loadOne = async (id: RemoteId): Promise<void> => {
    const attempt = get().remotes[id].attempt + 1;
    setRemote(id, { status: 'loading', attempt });
    try {
      if (!get().urls?.[id]) throw new Error(`Remote ${id} is not listed in remotes.json`);
      const contributions = await loadContributions(id);
      registerTranslations(contributions.id, contributions.translations);
      setRemote(id, { status: 'loaded', attempt, contributions });
    } catch {
      setRemote(id, { status: 'failed', attempt });
    }
  };

  const readUrls = async (): Promise<void> => {
    try {
      const urls = await fetchRemoteUrls();
      registerRemoteUrls(urls);
      set({ urls });
    } catch {
      set({ urls: {} });
    }
  };

  return {
    remotes: initialRemotes(),
    urls: null,
    loadAll: () => {
      started = (async () => {
        await readUrls();
        await Promise.all(REMOTE_IDS.map(loadOne));
      })();
      return started;
    },
    ensureLoaded: () => (started ??= get().loadAll()),
    retry: async (id) => {
      if (!get().urls?.[id]) await readUrls();
      await loadOne(id);
    },
  };
});

/** Restores the initial state; for tests. */
export function resetRemotesStore(): void {
  started = null;
  useRemotesStore.setState({ remotes: initialRemotes(), urls: null });
}
