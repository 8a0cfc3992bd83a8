import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { setFlash, useSessionStore } from 'shared-auth';
import { reportImpersonationEnd } from '../users.resource';

/** While impersonating: who is impersonated, and an exit that restores the real user and goes to /. */
export function ImpersonationBanner() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const impersonator = useSessionStore((state) => state.impersonator);
  const user = useSessionStore((state) => state.user);
  if (!impersonator) return null;

  const name = user?.name ?? user?.email ?? '';
  const exit = async () => {
    await reportImpersonationEnd();
    useSessionStore.getState().stopImpersonation();
    setFlash(t('impersonation.stopped', { name }));
    navigate('/');
  };
  return (
    <div className="impersonation-banner" role="status">
      <span>{t('impersonation.banner', { name })}</span>
      <button type="button" className="sds--btn sds--btn--secondary" onClick={() => void exit()}>
        {t('impersonation.exit')}
      </button>
    </div>
  );
}
