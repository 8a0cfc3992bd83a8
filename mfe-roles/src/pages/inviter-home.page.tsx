import { useTranslation } from 'react-i18next';
import { PageFrame } from 'shared-ui';

/** inviter: the home of a user whose highest authority is inviter. */
export default function InviterHomePage() {
  const { t } = useTranslation('roles');
  return (
    <PageFrame title={t('inviterTitle')} breadcrumb={[{ value: t('inviterTitle') }]}>
      <p>{t('inviterInfo')}</p>
    </PageFrame>
  );
}
