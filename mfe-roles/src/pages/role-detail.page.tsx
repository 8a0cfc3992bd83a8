import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import {
  allowedToEditRole,
  isRoleUnknownInManage,
  isUserAllowed,
  setFlash,
  useSessionStore,
  type Role,
} from 'shared-auth';
import { Breadcrumb, Loader } from 'shared-ui';
import { useRole } from '../resources/roles.resource';
import { prefetchUserRoles } from '../resources/user-roles.resource';
import { InviterRoleHeader } from '../role/inviter-role-header.component';
import { RoleHeader } from '../role/role-header.component';
import { RoleProvisioningSection } from '../role/role-provisioning.component';
import { RoleTabs } from '../role/role-tabs.component';
import '../roles.css';

const TAB_LABELS: Record<string, string> = {
  guests: 'tabGuests',
  invitations: 'tabInvitations',
  maintainers: 'tabMaintainers',
};

/** roles/{id}/{tab?}: the role detail (spec §2); the tab defaults to the first one (guests). */
export default function RoleDetailPage() {
  const { id = '', tab = 'users' } = useParams();
  const roleId = Number(id);
  const user = useSessionStore((state) => state.user);
  if (!user) return <Loader />;
  // Spec §2: users lacking inviter authority go to /404; a role that cannot load sends to /.
  if (!isUserAllowed(user, 'INVITER')) return <Navigate to="/404" replace />;
  if (!Number.isInteger(roleId) || roleId <= 0) return <Navigate to="/" replace />;
  return <RoleDetail roleId={roleId} tab={tab} />;
}

function RoleDetail({ roleId, tab }: { roleId: number; tab: string }) {
  // The shown tab's code and first page of members load alongside the role: the page would otherwise wait
  // for the role, then the tab's chunk, then its members, one after the other. Declared before useRole, so
  // this effect starts first; only when the role (re)loads — a later tab switch finds its list mounted.
  const firstTab = useRef(tab);
  useEffect(() => {
    const shown = firstTab.current;
    const kind =
      shown === 'maintainers' ? 'maintainers' : shown === 'guests' || shown === 'users' ? 'guests' : null;
    if (!kind) return;
    void import('../role/user-roles-panel.component');
    prefetchUserRoles(roleId, kind);
  }, [roleId]);
  const { data: role, error, loading } = useRole(roleId);
  if (error) return <Navigate to="/" replace />;
  if (loading || !role) return <Loader />;
  return <RoleView role={role} tab={tab} />;
}

function RoleView({ role, tab }: { role: Role; tab: string }) {
  const { t } = useTranslation('roles');
  const navigate = useNavigate();
  const user = useSessionStore((state) => state.user);
  const inviterView = !allowedToEditRole(user, role);
  const unknown = isRoleUnknownInManage(role);
  const tabLabel = t(TAB_LABELS[tab] ?? 'tabGuests');

  useEffect(() => {
    if (unknown) setFlash(t('unknownInManageDisabled'), 'error');
  }, [unknown, role.id, t]);

  useEffect(() => {
    const roleCrumb = { path: `/roles/${role.id}`, value: role.name };
    const start = inviterView
      ? [{ path: '/inviter', value: t('inviterTitle') }]
      : [
          { path: '/home', value: t('home') },
          { path: '/home/roles', value: t('tabRoles') },
        ];
    useSessionStore.getState().setBreadcrumbPath([...start, roleCrumb, { value: tabLabel }]);
  }, [inviterView, role.id, role.name, tabLabel, t]);

  const context = useMemo(() => ({ roleId: role.id, role }), [role]);
  return (
    <div className="sds--page-container roles-role-page">
      <Breadcrumb />
      {inviterView ? <InviterRoleHeader role={role} /> : <RoleHeader role={role} />}
      <RoleProvisioningSection role={role} />
      <RoleTabs
        context={context}
        tab={tab}
        onChange={(next) => navigate(`/roles/${role.id}/${next}`, { replace: true })}
      />
    </div>
  );
}
