import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageFrame } from 'shared-ui';

/** role/{id}: the role form; id is a number, or `new` to create one. */
export default function RoleFormPage() {
  const { t } = useTranslation('roles');
  const { id = 'new' } = useParams();
  const title = id === 'new' ? t('roleFormNewTitle') : t('roleFormEditTitle', { id });
  return (
    <PageFrame
      title={title}
      breadcrumb={[
        { path: '/home', value: t('home') },
        { path: '/home/roles', value: t('tabRoles') },
        { value: title },
      ]}
    >
      <p>{t('roleFormInfo')}</p>
    </PageFrame>
  );
}
