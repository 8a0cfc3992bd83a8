import { useTranslation } from 'react-i18next';
import { PageFrame } from 'shared-ui';

/** invitation/accept?hash=…: public; shows the invitation and the way to accept it. */
export default function InvitationAcceptPage() {
  const { t } = useTranslation('invitations');
  return (
    <PageFrame title={t('acceptTitle')}>
      <p>{t('acceptInfo')}</p>
    </PageFrame>
  );
}
