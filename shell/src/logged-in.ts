// The parts of the shell only a logged-in user sees, in one chunk of their own: the landing page (the first
// load of most visitors) does without them. App prefetches it once startup reports a session, so it arrives
// during the loader's hold, in parallel with the remotes, and a logged-in page never waits on it.
import { lazy } from 'react';
import { loadable } from 'shared-ui/loadable';

const loadHomePage = () => import(/* webpackChunkName: "logged-in" */ './pages/home.page');
const loadUserMenu = () => import(/* webpackChunkName: "logged-in" */ './layout/user-menu.component');
const loadImpersonationBanner = () =>
  import(/* webpackChunkName: "logged-in" */ './layout/impersonation-banner.component');

// The home page without Suspense (see shared-ui/loadable): its tabs' lists are fetched as soon as its code
// is there, during the loader hold. The header's parts keep React.lazy: nothing waits on them.
export const HomePage = loadable(loadHomePage);
export const UserMenu = lazy(() => loadUserMenu().then((module) => ({ default: module.UserMenu })));
export const ImpersonationBanner = lazy(() =>
  loadImpersonationBanner().then((module) => ({ default: module.ImpersonationBanner })),
);

/** Loads every remote's code, the page's own remotes first (remotes/page-remotes.ts). */
export function loadRemotesFor(pathname: string): Promise<void> {
  return import(/* webpackChunkName: "logged-in" */ './remotes/page-remotes').then((module) =>
    module.loadRemotesFor(pathname),
  );
}

/** Starts loading every logged-in part (each import runs once; later calls share it). */
export function prefetchLoggedInParts(): void {
  void Promise.all([loadHomePage(), loadUserMenu(), loadImpersonationBanner()]).catch(() => {
    // A failed prefetch is retried by the lazy component that needs it, which reports its own error.
  });
}
