import { useTranslation } from 'react-i18next';
import { startLogin, useSessionStore } from 'shared-auth';

/** /missingAttributes: which attributes the institution did not release, and a way to log in again. */
export default function MissingAttributesPage() {
  const { t } = useTranslation('shell');
  const missing = useSessionStore((state) => state.missingAttributes);
  return (
    <div className="shell-page">
      <h1>{t('missingAttributes.title')}</h1>
      <p>{t('missingAttributes.text')}</p>
      <ul className="missing-attributes">
        {missing.map((attribute) => (
          <li key={attribute}>
            <code>{attribute}</code>
          </li>
        ))}
      </ul>
      <p>{t('missingAttributes.help')}</p>
      <button
        type="button"
        className="sds--btn sds--btn--primary"
        onClick={() => startLogin({ force: true })}
      >
        {t('missingAttributes.login')}
      </button>
    </div>
  );
}
