import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { useSessionStore, type Provider, type User, showsApplicationsTab } from 'shared-auth';
import { EntityTable, Loader, UnavailablePanel, type EntityColumn } from 'shared-ui';
import { useListedApplications } from '../resources/applications.resource';
import { applicationName, Logo, organisationName, providerTypeKey } from '../role/role.display';
import '../roles.css';

/** Spec §2 Home tabs, applications: registry applications with their number of roles. */
export function ApplicationsTab() {
  const user = useSessionStore((state) => state.user);
  if (!user) return <Loader />;
  // Spec §2: the applications tab sends others to /404.
  if (!showsApplicationsTab(user)) return <Navigate to="/404" replace />;
  return <ApplicationsList user={user} />;
}

function ApplicationsList({ user }: { user: User }) {
  const { t, i18n } = useTranslation('roles');
  const { data, error, loading, reload } = useListedApplications(user);
  const navigate = useNavigate();
  const language = i18n.language;
  const columns = useMemo<EntityColumn<Provider>[]>(
    () => [
      {
        key: 'logo',
        header: <span className="sds--visually-hidden">{t('columnLogo')}</span>,
        sortable: false,
        render: (app) => <Logo src={app.logo} name={applicationName(app, language)} size="small" />,
      },
      {
        key: `name:${language}`,
        header: t('columnName'),
        render: (app) => applicationName(app, language),
        link: (app) => `/applications/${encodeURIComponent(app.manageId ?? app.id)}`,
        sortValue: (app) => applicationName(app, language).toLowerCase(),
      },
      {
        key: `OrganizationName:${language}`,
        header: t('columnOrganisation'),
        render: (app) => organisationName(app, language),
      },
      { key: 'type', header: t('columnType'), render: (app) => t(providerTypeKey(app)) },
      { key: 'roleCount', header: t('columnRoles'), sortValue: (app) => app.roleCount ?? 0 },
    ],
    [t, language],
  );
  if (error) return <UnavailablePanel onRetry={reload} />;
  return (
    <EntityTable<Provider>
      title={t('applicationsTitle')}
      entities={data ?? []}
      loading={loading}
      columns={columns}
      rowKey={(app) => app.manageId ?? app.id}
      searchAttributes={['name:en', 'name:nl', 'OrganizationName:en', 'OrganizationName:nl']}
      defaultSort={`name:${language}`}
      // The name links; a row click opens it too, under an older shell's shared-ui as well.
      onRowClick={(app) => navigate(`/applications/${encodeURIComponent(app.manageId ?? app.id)}`)}
      emptyText={t('ui:noEntities.applications')}
    />
  );
}
