import { useTranslation } from 'react-i18next';
import { UnavailablePanel } from 'shared-ui/core';
import { useRemotesStore } from './remotes.store';

/**
 * Where the parts of remotes that cannot be described would be (home's tabs): one notice per remote whose
 * manifest could not be read and whose routes and tabs this browser has never seen, naming it, with a Retry
 * that reads it again; and one when remotes.json itself could not be read. So a remote that is down costs
 * a visible notice, never silently fewer tabs.
 */
export function UndescribedRemotes() {
  const { t } = useTranslation('shell');
  const listFailed = useRemotesStore((state) => state.listFailed);
  const retry = useRemotesStore((state) => state.retry);
  const retryAll = useRemotesStore((state) => state.retryAll);
  // A joined string keeps the selection stable between renders (zustand compares it by value).
  const undescribed = useRemotesStore((state) =>
    Object.entries(state.remotes)
      .filter(([, remote]) => remote.status === 'failed' && !remote.metadata)
      .map(([id]) => id)
      .join('\n'),
  );
  const ids = undescribed ? undescribed.split('\n') : [];
  if (!listFailed && ids.length === 0) return null;
  return (
    <div className="shell-undescribed-remotes">
      {listFailed && (
        <UnavailablePanel
          title={t('remotes.listUnavailableTitle')}
          detail={t('remotes.listUnavailableText')}
          onRetry={() => void retryAll()}
        />
      )}
      {ids.map((id) => (
        <UnavailablePanel
          key={id}
          title={t('remotes.partUnavailableTitle', { remote: id })}
          detail={t('remotes.partUnavailableText')}
          onRetry={() => void retry(id)}
        />
      ))}
    </div>
  );
}

/** Whether any remote's parts are unknown: remotes.json or a remote's manifest could not be read. */
export function useSomeRemoteUndescribed(): boolean {
  return useRemotesStore(
    (state) =>
      state.listFailed ||
      Object.values(state.remotes).some((remote) => remote.status === 'failed' && !remote.metadata),
  );
}
