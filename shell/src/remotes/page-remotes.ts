// In the logged-in chunk (logged-in.ts): the landing page, the first load of most visitors, does without it.
import { matchPath } from 'react-router-dom';
import { useSessionStore } from 'shared-auth';
import type { User } from 'shared-auth';
import type { RemoteId } from 'shared-ui/core';
import type { RemoteState } from './remotes.store';
import { useRemotesStore } from './remotes.store';
import { slotEntries } from './use-slot';

/**
 * The remotes whose code home shows at once, from what they published: the remote of the tab it opens (the
 * one named, else the first the user may see) and of a `home.landing` entry the user may see.
 */
export function homeRemotes(
  tab: string | undefined,
  remotes: Record<RemoteId, RemoteState>,
  user: User | null | undefined,
): RemoteId[] {
  const tabs = slotEntries('home.tabs', remotes, user, 'en');
  const shown = tab ? tabs.find((entry) => entry.id === tab) : tabs[0];
  const [landing] = slotEntries('home.landing', remotes, user, 'en');
  return [...new Set([shown?.remoteId, landing?.remoteId].filter((id): id is RemoteId => Boolean(id)))];
}

/**
 * Loads every remote's code for a logged-in user, the page's own first (the route's owner; on home, its
 * tab's): four remotes' code evaluated at once, on two cores, delayed the shown tab's.
 */
export async function loadRemotesFor(pathname: string): Promise<void> {
  const remotes = useRemotesStore.getState();
  const home = matchPath('/home/:tab?', pathname);
  if (home) {
    await remotes.discover();
    const first = homeRemotes(
      home.params.tab,
      useRemotesStore.getState().remotes,
      useSessionStore.getState().user,
    );
    await Promise.all(first.map((id) => remotes.load(id)));
  } else {
    await remotes.loadFor(pathname);
  }
  // The others once the page's own have had the main thread to render and ask for their data (a part
  // that needs one sooner asks for it itself, RemoteMount).
  await idle();
  await remotes.ensureLoaded();
}

/** The browser's next idle period (at most a second away); a task later where it has none. */
function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 0);
  });
}
