import { Suspense, useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTRACT_VERSION, ErrorBoundary, Loader, UnavailablePanel } from 'shared-ui/core';
import type { RemoteId } from 'shared-ui/core';
import { useRemotesStore } from './remotes.store';

/**
 * The "this part of the console is unavailable" panel whose Retry loads the remote again; for a remote
 * built against another major of the contract it names both versions.
 */
export function RemoteUnavailable({ remoteId }: { remoteId: RemoteId }) {
  const { t } = useTranslation('shell');
  const retry = useRemotesStore((state) => state.retry);
  const remote = useRemotesStore((state) => state.remotes[remoteId]);
  const detail =
    remote?.status === 'refused' && remote.metadata
      ? t('remotes.versionMismatch', { remote: remote.metadata.contractVersion, shell: CONTRACT_VERSION })
      : undefined;
  return <UnavailablePanel detail={detail} onRetry={() => void retry(remoteId)} />;
}

/**
 * Wraps every piece of UI a remote renders: Suspense for its lazy components and an error boundary keyed
 * by remote id and load attempt — React.lazy caches a rejection, so only a fresh key lets Retry work.
 * Mounting it loads the remote's code when that was not loaded yet. While the remote loads a loader
 * shows; when it failed to load, was refused, or threw while rendering, the unavailable panel.
 */
export function RemoteMount({ remoteId, children }: { remoteId: RemoteId; children: ReactNode }) {
  const remote = useRemotesStore((state) => state.remotes[remoteId]);
  const load = useRemotesStore((state) => state.load);
  const status = remote?.status;
  useEffect(() => {
    if (status === 'known') void load(remoteId);
  }, [status, load, remoteId]);

  if (!remote || status === 'failed' || status === 'refused')
    return <RemoteUnavailable remoteId={remoteId} />;
  if (status !== 'loaded') return <Loader />;
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
