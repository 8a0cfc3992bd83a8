import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { UserRole } from 'shared-auth';
import { AuthorityBadge, EntityTable, formatDate, Loader, useLoad } from 'shared-ui';
import { LoadFailure } from './load-failure.component';
import { fetchEndingUserRoles } from './system.resource';

/** Spec §9: the expiring-roles views look one month ahead (the server's list holds the next 30 days). */
const MONTH_SECONDS = 30 * 24 * 60 * 60;

export type Ending = 'expired' | 'expiring';

/** Which of the server's ending memberships a tab shows: ended already, or ending within the month. */
export function selectEnding(userRoles: UserRole[], which: Ending, nowSeconds: number): UserRole[] {
  return userRoles.filter((userRole) => {
    const end = userRole.endDate;
    if (end === null || end === undefined) return false;
    return which === 'expired' ? end <= nowSeconds : end > nowSeconds && end <= nowSeconds + MONTH_SECONDS;
  });
}

/** A table of memberships: name and e-mail, role, home organisation, authority, created at, end date. */
export function EndingUserRoles({ which }: { which: Ending }) {
  const { t } = useTranslation('system');
  const { data, error, loading, reload } = useLoad(fetchEndingUserRoles, []);
  const rows = useMemo(() => selectEnding(data ?? [], which, Date.now() / 1000), [data, which]);

  if (loading && !data) return <Loader />;
  if (error) return <LoadFailure onRetry={reload} />;
  return (
    <EntityTable<UserRole>
      title={t(`${which}.title`)}
      entities={rows}
      searchAttributes={['name', 'email', 'role.name', 'schac_home_organization']}
      searchPlaceholder={t('userRoles.search')}
      emptyText={t(`${which}.empty`)}
      defaultSort="endDate"
      defaultSortDirection={which === 'expired' ? 'desc' : 'asc'}
      columns={[
        {
          key: 'name',
          header: t('columns.nameEmail'),
          sortable: true,
          render: (userRole) => (
            <div className="system-name-email">
              {userRole.user_id ? (
                <Link to={`/profile/${userRole.user_id}`}>{userRole.name ?? userRole.email}</Link>
              ) : (
                <span>{userRole.name ?? userRole.email}</span>
              )}
              {userRole.name && <span className="system-email">{userRole.email}</span>}
            </div>
          ),
        },
        {
          key: 'role.name',
          header: t('columns.role'),
          sortable: true,
          render: (userRole) => <Link to={`/roles/${userRole.role.id}`}>{userRole.role.name}</Link>,
        },
        { key: 'schac_home_organization', header: t('columns.homeOrganisation'), sortable: true },
        {
          key: 'authority',
          header: t('columns.authority'),
          sortable: true,
          render: (userRole) => <AuthorityBadge authority={userRole.authority} />,
        },
        {
          key: 'createdAt',
          header: t('columns.createdAt'),
          sortable: true,
          render: (userRole) => formatDate(userRole.createdAt),
        },
        {
          key: 'endDate',
          header: t('columns.endDate'),
          sortable: true,
          render: (userRole) => formatDate(userRole.endDate),
        },
      ]}
    />
  );
}
