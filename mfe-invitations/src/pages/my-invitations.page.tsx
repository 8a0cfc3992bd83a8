import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { isUserAllowed, useSessionStore } from 'shared-auth';
import { PageFrame } from 'shared-ui';
import { InvitationsList } from '../lists/invitations-list.component';

/** invitation/mine: the invitations the user sent, any status. */
export default function MyInvitationsPage() {
  const { t } = useTranslation('invitations');
  const user = useSessionStore((state) => state.user);
  if (!isUserAllowed(user, 'INVITER')) return <Navigate to="/404" replace />;
  return (
    <PageFrame
      title={t('mineTitle')}
      breadcrumb={[{ path: '/home', value: t('home') }, { value: t('mineTitle') }]}
    >
      <InvitationsList mine defaultFilter="all" />
    </PageFrame>
  );
}
