import { Navigate, Route } from 'react-router-dom';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader, UnavailablePanel } from 'shared-ui/core';
import type { RemoteId, RouteAccess } from 'shared-ui/core';
import { RemoteMount, RemoteUnavailable } from './remote-mount.component';
import { useRemotesStore } from './remotes.store';
import type { RemoteState } from './remotes.store';

function allowed(access: RouteAccess, authenticated: boolean): boolean {
  return access === 'public' || authenticated;
}

/** One route a remote published: its page once the remote's code is loaded, else a loader or the panel. */
function RemotePage({ remoteId, path }: { remoteId: RemoteId; path: string }) {
  const Page = useRemotesStore(
    (state) => state.remotes[remoteId]?.contributions?.routes.find((route) => route.path === path)?.element,
  );
  const loaded = useRemotesStore((state) => state.remotes[remoteId]?.status === 'loaded');
  if (loaded && Page) {
    return (
      <RemoteMount remoteId={remoteId}>
        <Page />
      </RemoteMount>
    );
  }
  if (loaded) {
    // Published in its manifest but missing from its code: a broken release of that remote.
    console.error(`Remote ${remoteId} publishes route ${path} but has no page for it`);
  }
  return (
    <div className="shell-page">
      {loaded ? (
        <RemoteUnavailable remoteId={remoteId} />
      ) : (
        <RemoteMount remoteId={remoteId}>{null}</RemoteMount>
      )}
    </div>
  );
}

/** The routes every remote published in its manifest, known before its code loads. */
export function remoteRoutes(remotes: Record<RemoteId, RemoteState>, authenticated: boolean): ReactNode[] {
  return Object.entries(remotes).flatMap(([remoteId, remote]) =>
    (remote.metadata?.routes ?? [])
      .filter((route) => allowed(route.access, authenticated))
      .map((route) => (
        <Route
          key={`${remoteId}:${route.path}`}
          path={route.path}
          element={<RemotePage remoteId={remoteId} path={route.path} />}
        />
      )),
  );
}

/**
 * A path no route knows: while the remotes are being discovered it may still be one of theirs (a loader);
 * when a remote's metadata or remotes.json could not be read it may belong to that remote (a panel with
 * Retry); else it is not found.
 */
export function UnknownPath() {
  const { t } = useTranslation('shell');
  const discovered = useRemotesStore((state) => state.discovered);
  const unknownRoutes = useRemotesStore(
    (state) => state.listFailed || Object.values(state.remotes).some((remote) => !remote.metadata),
  );
  const retryAll = useRemotesStore((state) => state.retryAll);
  if (!discovered) return <Loader />;
  if (!unknownRoutes) return <Navigate to="/404" replace />;
  return (
    <div className="shell-page">
      <UnavailablePanel
        title={t('remotes.mayBeUnavailableTitle')}
        detail={t('remotes.mayBeUnavailableText')}
        onRetry={() => void retryAll()}
      />
    </div>
  );
}
