import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  accessibleApplications,
  mayInviteForRole,
  sortRolesForUser,
  useSessionStore,
  type Role,
  type User,
} from 'shared-auth';
// New rules come from the bundled 'shared-auth/rules': under a shell whose shared-auth predates them they exist too.
import { mayCreateRole } from 'shared-auth/rules';
import {
  EntityTable,
  Loader,
  MyApplications,
  NewEntityButton,
  PagedList,
  UnavailablePanel,
  useLoad,
} from 'shared-ui';
import { fetchRoles } from '../resources/roles.resource';
import { Logo } from '../role/role.display';
import { roleColumns } from './role-columns';
import { rolesTabList } from './roles-tab.prefetch';
import '../roles.css';

const NEW_ROLE_PATH = '/role/new';

/** Spec §2 Home tabs, roles: the list depends on who looks. */
export function RolesTab() {
  const { t, i18n } = useTranslation('roles');
  const user = useSessionStore((state) => state.user);
  if (!user) return <Loader />;
  const list = rolesTabList(user);
  if (list === 'all') return <AllRoles />;
  if (list === 'guestNote') {
    // Spec §6: a guest is pointed to the applications it can access; the note of §2 when there are none.
    if (accessibleApplications(user, i18n.language ?? 'en').length > 0) return <MyApplications user={user} />;
    return (
      <p className="tab-panel-info">{t(user.institutionAdmin ? 'guestNoteInstitutionAdmin' : 'guestNote')}</p>
    );
  }
  return <OwnRoles user={user} institutionAdmin={list.force} />;
}

/** Super users: every role, searched and paged on the server. */
function AllRoles() {
  const { t, i18n } = useTranslation('roles');
  const navigate = useNavigate();
  const columns = useMemo(() => roleColumns(t, i18n.language, false), [t, i18n.language]);
  return (
    <PagedList<Role>
      title={t('rolesTitle')}
      fetchPage={(request) => fetchRoles(request)}
      columns={columns}
      // The name is the link; a click on the row opens it too, also under a shell whose shared-ui
      // predates column links (a remote runs with the shell's shared-ui).
      onRowClick={(role) => navigate(`/roles/${role.id}`)}
      emptyText={t('ui:noEntities.roles')}
      newEntity={{ label: t('newRole'), path: NEW_ROLE_PATH }}
    />
  );
}

/**
 * Everyone else: their own non-guest roles first, with their authority on them; an institution admin
 * also sees the roles on its institution's applications and may create one (spec §6).
 */
function OwnRoles({ user, institutionAdmin }: { user: User; institutionAdmin: boolean }) {
  const { t, i18n } = useTranslation('roles');
  const { data, error, loading, reload } = useLoad(
    () => fetchRoles(undefined, institutionAdmin),
    [user.id, institutionAdmin],
  );
  const roles = useMemo(() => sortRolesForUser(user, data?.content ?? []), [user, data]);
  const navigate = useNavigate();
  // Role links are active only where the user may invite (spec §2 Role detail).
  const linkTo = useCallback(
    (role: Role) => (mayInviteForRole(user, role, 'INVITER') ? `/roles/${role.id}` : undefined),
    [user],
  );
  const columns = useMemo(() => roleColumns(t, i18n.language, true, linkTo), [t, i18n.language, linkTo]);
  // Institution admins with applications and application managers create roles (on their applications).
  const mayCreate = mayCreateRole(user);

  if (loading) return <Loader />;
  if (error) return <UnavailablePanel onRetry={reload} />;
  if (roles.length === 0 && mayCreate && institutionAdmin) return <InstitutionWelcome user={user} />;
  return (
    <EntityTable<Role>
      title={t('rolesTitle')}
      entities={roles}
      columns={columns}
      searchAttributes={['name', 'description', 'applicationName']}
      // As in AllRoles: rows open on click under an older shell's shared-ui too.
      onRowClick={(role) => {
        const to = linkTo(role);
        if (to) navigate(to);
      }}
      canOpenRow={(role) => linkTo(role) !== undefined}
      emptyText={t('ui:noEntities.roles')}
      newEntity={mayCreate ? { label: t('newRole'), path: NEW_ROLE_PATH } : undefined}
    />
  );
}

/** An institution admin without roles yet: its institution, and the way to create the first role. */
function InstitutionWelcome({ user }: { user: User }) {
  const { t, i18n } = useTranslation('roles');
  const institution = user.institution ?? {};
  const name =
    (i18n.language === 'nl' ? institution['name:nl'] : institution['name:en']) ??
    institution['name:en'] ??
    institution['name:nl'] ??
    '';
  return (
    <section className="roles-welcome" aria-labelledby="roles-welcome-title">
      <Logo src={institution.logo} name={name} />
      <div>
        <h2 id="roles-welcome-title" className="sds--text--h3">
          {t('institutionWelcomeTitle', { name })}
        </h2>
        <p>{t('institutionWelcomeText')}</p>
        <NewEntityButton action={{ label: t('newRole'), path: NEW_ROLE_PATH }} />
      </div>
    </section>
  );
}
