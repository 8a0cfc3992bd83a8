import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { mayOpenTokens, useSessionStore } from 'shared-auth';
import { PageFrame } from 'shared-ui';
import TokensPanel from './tokens-panel.component';

/** Route `tokens` (spec §2): the user's API tokens; guests are sent to /404. */
export default function TokensPage() {
  const { t } = useTranslation('tokens');
  const user = useSessionStore((state) => state.user);

  if (!mayOpenTokens(user)) return <Navigate to="/404" replace />;
  return (
    <PageFrame title={t('title')} breadcrumb={[{ path: '/home', value: t('home') }, { value: t('title') }]}>
      <p className="tokens-info">{t('info')}</p>
      <TokensPanel />
    </PageFrame>
  );
}
