import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AuthorityBadge, formatDate, NewEntityButton, PagedList, type EntityColumn } from 'shared-ui';
import { searchUsersByApplication, type UserListItem } from '../resources/users.resource';
import '../roles.css';

/** Spec §2 Home tabs, applicationUsers (institution admins): who holds roles on the institution's applications. */
export function ApplicationUsersTab() {
  const { t } = useTranslation('roles');
  const columns = useMemo<EntityColumn<UserListItem>[]>(
    () => [
      { key: 'name', header: t('columnName') },
      { key: 'email', header: t('columnEmail') },
      { key: 'schac_home_organization', header: t('columnOrganisation'), sortable: false },
      {
        key: 'userRoles',
        header: t('columnRoles'),
        sortable: false,
        render: (row) => (
          <ul className="roles-role-list">
            {(row.userRoles ?? []).map((userRole) => (
              <li key={userRole.id}>
                <Link to={`/roles/${userRole.roleId}`}>{userRole.roleName}</Link>{' '}
                <AuthorityBadge authority={userRole.authority} />
                {userRole.endDate ? ` ${t('until', { date: formatDate(userRole.endDate) })}` : ''}
              </li>
            ))}
          </ul>
        ),
      },
    ],
    [t],
  );
  return (
    <PagedList<UserListItem>
      title={t('applicationUsersTitle')}
      fetchPage={searchUsersByApplication}
      cappedTotal
      columns={columns}
      emptyText={t('ui:noEntities.users')}
      actions={
        <NewEntityButton action={{ label: t('inviteUser'), path: '/invitation/new?institution=true' }} />
      }
    />
  );
}
