import { useTranslation } from 'react-i18next';
import { startLogin, useSessionStore } from 'shared-auth';

/** For a user without any role: a welcome, why there is nothing to see, and a login link. */
export default function InviteOnlyPage() {
  const { t } = useTranslation('shell');
  const user = useSessionStore((state) => state.user);
  return (
    <div className="shell-page">
      <h1>{t('inviteOnly.title')}</h1>
      <p>{t('inviteOnly.welcome', { name: user?.name ?? '' })}</p>
      <p>{t('inviteOnly.info')}</p>
      <button
        type="button"
        className="sds--btn sds--btn--primary"
        onClick={() => startLogin({ force: true })}
      >
        {t('inviteOnly.login')}
      </button>
    </div>
  );
}
