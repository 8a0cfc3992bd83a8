import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import {
  allowedToEditRole,
  isUserAllowed,
  mayChangeRoleApplications,
  useSessionStore,
  type Role,
  type User,
} from 'shared-auth';
// New rules come from the bundled 'shared-auth/rules': under a shell whose shared-auth predates them they exist too.
import { mayCreateRole } from 'shared-auth/rules';
import { Loader, PageFrame, UnavailablePanel } from 'shared-ui';
import { useRole } from '../resources/roles.resource';
import { RoleForm } from '../role-form/role-form.component';
import { newRoleValues, valuesFromRole } from '../role-form/role-form.rules';
import { useApplicationChoices } from '../role-form/use-application-choices';
import '../roles.css';

/** role/{id}: the role form; id is a number, or `new` to create one (spec §2). */
export default function RoleFormPage() {
  const { id = 'new' } = useParams();
  const user = useSessionStore((state) => state.user);
  if (!user) return <Loader />;
  if (id === 'new') {
    // Spec §6: a new role requires institution admin authority (or an application manager's).
    if (!mayCreateRole(user)) return <Navigate to="/404" replace />;
    return <RoleFormFrame user={user} role={null} />;
  }
  const roleId = Number(id);
  if (!Number.isInteger(roleId) || roleId <= 0 || !isUserAllowed(user, 'MANAGER'))
    return <Navigate to="/404" replace />;
  return <EditRole user={user} roleId={roleId} />;
}

function EditRole({ user, roleId }: { user: User; roleId: number }) {
  const { data: role, error, loading } = useRole(roleId);
  if (error) return <Navigate to="/" replace />;
  if (loading || !role) return <Loader />;
  if (!allowedToEditRole(user, role)) return <Navigate to="/404" replace />;
  return <RoleFormFrame user={user} role={role} />;
}

function RoleFormFrame({ user, role }: { user: User; role: Role | null }) {
  const { t } = useTranslation('roles');
  const location = useLocation();
  const choices = useApplicationChoices(user, role);
  // The application page passes its application along (spec §2 Application page).
  const manageId = (location.state as { manageId?: string } | null)?.manageId;
  const mayChangeApplications = role ? mayChangeRoleApplications(user, role) : true;
  const initial = useMemo(() => {
    if (role) return valuesFromRole(role);
    const provider = choices.data?.find((choice) => (choice.manageId ?? choice.id) === manageId);
    return newRoleValues(
      provider ? (provider.manageId ?? provider.id) : undefined,
      provider?.type ?? provider?.manageType,
      provider?.landingPage ?? provider?.url ?? '',
    );
  }, [role, choices.data, manageId]);

  const title = role ? t('roleFormEditTitle', { name: role.name }) : t('roleFormNewTitle');
  const breadcrumb = [
    { path: '/home', value: t('home') },
    { path: '/home/roles', value: t('tabRoles') },
    ...(role ? [{ path: `/roles/${role.id}`, value: role.name }] : []),
    { value: role ? t('edit') : t('roleFormNewTitle') },
  ];
  return (
    <PageFrame title={title} breadcrumb={breadcrumb}>
      {choices.loading ? (
        <Loader />
      ) : choices.error ? (
        <UnavailablePanel onRetry={choices.reload} />
      ) : (
        <RoleForm
          user={user}
          role={role}
          initial={initial}
          choices={choices.data ?? []}
          applicationsReadOnly={!mayChangeApplications}
          mayDelete={mayChangeApplications}
        />
      )}
    </PageFrame>
  );
}
