import { useTranslation } from 'react-i18next';

/** A list that could not be loaded: says so, with a retry. */
export function LoadFailure({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('system');
  return (
    <div className="system-load-failure" role="alert">
      <p>{t('loadFailed')}</p>
      <button type="button" className="sds--btn sds--btn--secondary" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
