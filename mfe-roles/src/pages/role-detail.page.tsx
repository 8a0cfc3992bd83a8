import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageFrame } from 'shared-ui';

const TAB_KEYS: Record<string, string> = {
  users: 'roleDetailTabUsers',
  guests: 'roleDetailTabGuests',
  invitations: 'roleDetailTabInvitations',
  maintainers: 'roleDetailTabMaintainers',
};

/** roles/{id}/{tab?}: the role detail; the tab defaults to users. */
export default function RoleDetailPage() {
  const { t } = useTranslation('roles');
  const { id = '', tab = 'users' } = useParams();
  const tabLabel = t(TAB_KEYS[tab] ?? 'roleDetailTabUsers');
  const title = t('roleDetailTitle', { id });
  return (
    <PageFrame
      title={title}
      breadcrumb={[
        { path: '/home', value: t('home') },
        { path: '/home/roles', value: t('tabRoles') },
        { path: `/roles/${id}`, value: title },
        { value: tabLabel },
      ]}
    >
      <p>{t('roleDetailInfo', { tab: tabLabel })}</p>
    </PageFrame>
  );
}
