import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Role } from 'shared-auth';
import { EntityTable, formatDate, Loader, type SlotProps, useLoad } from 'shared-ui';
import { LoadFailure } from './load-failure.component';
import { fetchUnknownRoles } from './system.resource';

/** The registry ids a role points at that the registry no longer knows (or none at all). */
function unknownApplications(role: Role): string {
  const unknown = role.applicationMaps.filter((map) => map.unknown).map((map) => String(map.id));
  return unknown.join(', ');
}

/** Roles linked to applications unknown in the registry, each linked to its role page. */
export default function UnknownRolesTab(_props: SlotProps) {
  const { t } = useTranslation('system');
  const { data, error, loading, reload } = useLoad(fetchUnknownRoles, []);

  if (loading && !data) return <Loader />;
  if (error) return <LoadFailure onRetry={reload} />;
  return (
    <EntityTable<Role>
      title={t('unknownRoles.title')}
      entities={data ?? []}
      searchAttributes={['name', 'description']}
      searchPlaceholder={t('unknownRoles.search')}
      emptyText={t('unknownRoles.empty')}
      defaultSort="name"
      columns={[
        {
          key: 'name',
          header: t('columns.role'),
          sortable: true,
          render: (role) => <Link to={`/roles/${role.id}`}>{role.name}</Link>,
        },
        {
          key: 'applications',
          header: t('columns.unknownApplications'),
          render: (role) => unknownApplications(role) || t('unknownRoles.noApplications'),
          sortValue: unknownApplications,
        },
        { key: 'description', header: t('columns.description'), sortable: true },
        {
          key: 'userRoleCount',
          header: t('columns.members'),
          sortable: true,
          render: (role) => role.userRoleCount ?? '',
        },
        {
          key: 'auditable.createdAt',
          header: t('columns.createdAt'),
          sortable: true,
          render: (role) => formatDate(role.auditable?.createdAt),
        },
      ]}
    />
  );
}
