import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setFlash } from 'shared-auth';
import { formatDateTime, Loader, useLoad } from 'shared-ui';
import { LoadFailure } from './load-failure.component';
import { fetchRegistryState, refreshRegistry, type RegistryState } from './registry.resource';

/**
 * The application registry's snapshot as every server instance reads it: where it comes from, when it was
 * last refreshed, and why the last refresh failed if it did (the last good snapshot then stays in use).
 */
export function RegistryStatus() {
  const { t } = useTranslation('system');
  const { data, error, loading, reload } = useLoad(fetchRegistryState, []);
  const [refreshed, setRefreshed] = useState<RegistryState | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const state = refreshed ?? data;

  const refresh = async () => {
    setRefreshing(true);
    try {
      const after = await refreshRegistry();
      setRefreshed(after);
      if (after.lastError) setFlash(t('registry.refreshFailed'), 'error');
      else setFlash(t('registry.refreshDone'));
    } catch {
      setFlash(t('registry.refreshFailed'), 'error');
    } finally {
      setRefreshing(false);
    }
  };

  if (loading && !state) return <Loader />;
  if (error || !state) return <LoadFailure onRetry={reload} />;
  return (
    <section className="system-registry" aria-labelledby="system-registry-title">
      <div className="system-results-header">
        <h2 id="system-registry-title" className="sds--text--h3">
          {t('registry.title')}
        </h2>
        <button
          type="button"
          className="sds--btn sds--btn--secondary"
          disabled={refreshing}
          onClick={() => void refresh()}
        >
          {t('registry.refresh')}
        </button>
      </div>
      <p>{t(state.source === 'manage' ? 'registry.sourceManage' : 'registry.sourceFiles')}</p>
      <p>
        {state.refreshedAt === null
          ? t('registry.neverRefreshed')
          : t('registry.refreshedAt', { time: formatDateTime(state.refreshedAt), version: state.version })}
      </p>
      {state.lastError !== null && (
        <p className="system-registry-error" role="alert">
          {t(state.version > 0 ? 'registry.lastErrorKept' : 'registry.lastErrorNone', {
            time: formatDateTime(state.lastErrorAt),
            error: state.lastError,
          })}
        </p>
      )}
    </section>
  );
}
