import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { ErrorBoundary, Loader, UnavailablePanel } from 'shared-ui';
import type { RemoteId } from 'shared-ui';
import { useRemotesStore } from './remotes.store';

/** The "this part of the console is unavailable" panel whose Retry loads the remote again. */
export function RemoteUnavailable({ remoteId }: { remoteId: RemoteId }) {
  const retry = useRemotesStore((state) => state.retry);
  return <UnavailablePanel onRetry={() => void retry(remoteId)} />;
}

/**
 * Wraps every piece of UI a remote renders: Suspense for its lazy components and an error boundary keyed
 * by remote id and load attempt — React.lazy caches a rejection, so only a fresh key lets Retry work.
 * While the remote loads a loader shows; when it failed to load, or threw while rendering, the
 * unavailable panel.
 */
export function RemoteMount({ remoteId, children }: { remoteId: RemoteId; children: ReactNode }) {
  const remote = useRemotesStore((state) => state.remotes[remoteId]);
  if (remote.status === 'loading') return <Loader />;
  if (remote.status === 'failed') return <RemoteUnavailable remoteId={remoteId} />;
  return (
    <ErrorBoundary
      key={`${remoteId}-${remote.attempt}`}
      fallback={() => <RemoteUnavailable remoteId={remoteId} />}
      onError={(error, info) =>
        console.error(`Remote ${remoteId} failed while rendering`, error, info.componentStack)
      }
    >
      <Suspense fallback={<Loader />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
