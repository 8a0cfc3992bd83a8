import { useTranslation } from 'react-i18next';
import { useSessionStore } from 'shared-auth';

/** /deadend: startup could not go on (config or CSRF failed, or a known name without access). */
export default function DeadendPage() {
  const { t } = useTranslation('shell');
  const name = useSessionStore((state) => state.config?.name);
  return (
    <div className="shell-page">
      <h1>{t('deadend.title')}</h1>
      <p>{name ? t('deadend.textName', { name }) : t('deadend.text')}</p>
      {!name && (
        <button
          type="button"
          className="sds--btn sds--btn--primary"
          onClick={() => window.location.assign('/')}
        >
          {t('deadend.retry')}
        </button>
      )}
    </div>
  );
}
