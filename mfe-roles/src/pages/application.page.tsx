import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { isUserAllowed, useSessionStore, type Role } from 'shared-auth';
// New rules come from the bundled 'shared-auth/rules': under a shell whose shared-auth predates them they exist too.
import { isApplicationManagerOf } from 'shared-auth/rules';
import { EntityTable, Loader, PageFrame } from 'shared-ui';
import { roleColumns } from '../home/role-columns';
import { useApplicationRoles } from '../resources/roles.resource';
import { applicationLabel } from '../role/role.display';
import '../roles.css';

/** applications/{manageId}: the roles of one application (spec §2 Application page). */
export default function ApplicationPage() {
  const { manageId = '' } = useParams();
  const user = useSessionStore((state) => state.user);
  if (!user) return <Loader />;
  // Spec §2: requires institution admin; an application manager opens the applications they manage.
  if (!isUserAllowed(user, 'INSTITUTION_ADMIN') && !isApplicationManagerOf(user, manageId)) {
    return <Navigate to="/404" replace />;
  }
  return <ApplicationRoles manageId={manageId} />;
}

function ApplicationRoles({ manageId }: { manageId: string }) {
  const { t, i18n } = useTranslation('roles');
  const { data, error, loading } = useApplicationRoles(manageId);
  const navigate = useNavigate();
  const columns = useMemo(() => roleColumns(t, i18n.language), [t, i18n.language]);
  if (error) return <Navigate to="/" replace />;
  const application = data
    ?.flatMap((role) => role.applicationMaps ?? [])
    .find((map) => map.id === manageId && !map.unknown);
  const title = application ? applicationLabel(application, i18n.language) : manageId;
  return (
    <PageFrame
      title={title}
      breadcrumb={[
        { path: '/home', value: t('home') },
        { path: '/home/applications', value: t('tabApplications') },
        { value: title },
      ]}
    >
      <EntityTable<Role>
        title={t('rolesTitle')}
        entities={data ?? []}
        loading={loading}
        columns={columns}
        searchAttributes={['name', 'description']}
        defaultSort="name"
        // The name links; a row click opens it too, under an older shell's shared-ui as well.
        onRowClick={(role) => navigate(`/roles/${role.id}`)}
        emptyText={t('ui:noEntities.roles')}
        newEntity={{ label: t('newRole'), path: '/role/new', state: { manageId } }}
      />
    </PageFrame>
  );
}
