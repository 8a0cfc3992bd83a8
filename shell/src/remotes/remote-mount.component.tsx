import { Component, Suspense } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { Loader, UnavailablePanel } from 'shared-ui';
import type { RemoteId } from 'shared-ui';
import { useRemotesStore } from './remotes.store';

interface BoundaryProps {
  remoteId: RemoteId;
  fallback: ReactNode;
  children: ReactNode;
}

/** Catches what a remote throws while rendering, so one broken remote never takes the console down. */
class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Remote ${this.props.remoteId} failed while rendering`, error, info.componentStack);
  }

  render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The "this part of the console is unavailable" panel whose Retry loads the remote again. */
export function RemoteUnavailable({ remoteId }: { remoteId: RemoteId }) {
  const retry = useRemotesStore((state) => state.retry);
  return <UnavailablePanel onRetry={() => void retry(remoteId)} />;
}

/**
 * Wraps every piece of UI a remote renders: Suspense for its lazy components and an error boundary keyed
 * by remote id and load attempt — React.lazy caches a rejection, so only a fresh key lets Retry work.
 * While the remote loads a loader shows; when it failed to load, the unavailable panel.
 */
export function RemoteMount({ remoteId, children }: { remoteId: RemoteId; children: ReactNode }) {
  const remote = useRemotesStore((state) => state.remotes[remoteId]);
  if (remote.status === 'loading') return <Loader />;
  if (remote.status === 'failed') return <RemoteUnavailable remoteId={remoteId} />;
  return (
    <RemoteErrorBoundary
      key={`${remoteId}-${remote.attempt}`}
      remoteId={remoteId}
      fallback={<RemoteUnavailable remoteId={remoteId} />}
    >
      <Suspense fallback={<Loader />}>{children}</Suspense>
    </RemoteErrorBoundary>
  );
}
