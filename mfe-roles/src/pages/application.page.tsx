import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageFrame } from 'shared-ui';

/** applications/{manageId}: the roles of one application. */
export default function ApplicationPage() {
  const { t } = useTranslation('roles');
  const { manageId = '' } = useParams();
  const title = t('applicationTitle', { manageId });
  return (
    <PageFrame
      title={title}
      breadcrumb={[
        { path: '/home', value: t('home') },
        { path: '/home/applications', value: t('tabApplications') },
        { value: title },
      ]}
    >
      <p>{t('applicationInfo')}</p>
    </PageFrame>
  );
}
