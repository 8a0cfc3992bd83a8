import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  allowedToRenewUserRole,
  mayInviteForRole,
  page,
  setFlash,
  useSessionStore,
  userRoleExpiresSoon,
  type Role,
  type UserRole,
} from 'shared-auth';
import {
  AuthorityBadge,
  ConfirmationDialog,
  formatDate,
  PagedList,
  type EntityColumn,
  type RowKey,
  type SlotProps,
} from 'shared-ui';
import {
  deleteUserRole,
  searchUserRoles,
  updateEndDate,
  type UserRoleKind,
} from '../resources/user-roles.resource';
import { EndDateDialog } from './end-date-dialog.component';
import '../roles.css';

/** The role of a `role.tabs` context (the role page passes `{ roleId, role }`). */
function roleOf(context: SlotProps['context']): Role | null {
  const role = context?.role;
  return role && typeof role === 'object' && 'id' in role ? (role as Role) : null;
}

/** The guests and maintainers tabs of the role page (spec §2 Role detail, §4 user role end date). */
export function UserRolesPanel({ kind, context }: { kind: UserRoleKind } & SlotProps) {
  const role = roleOf(context);
  return role ? <UserRolesList kind={kind} role={role} /> : null;
}

function UserRolesList({ kind, role }: { kind: UserRoleKind; role: Role }) {
  const { t } = useTranslation('roles');
  const user = useSessionStore((state) => state.user);
  const [reloadKey, setReloadKey] = useState(0);
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [rows, setRows] = useState<UserRole[]>([]);
  const [editing, setEditing] = useState<UserRole | null>(null);
  const [deleting, setDeleting] = useState<UserRole[] | null>(null);
  const guests = kind === 'guests';

  // The rules read the role of the entry: the one this page shows. Removing oneself is allowed (spec §6),
  // changing one's own end date is not.
  const mayChange = (userRole: UserRole) => allowedToRenewUserRole(user, { ...userRole, role });
  const mayDelete = (userRole: UserRole) => allowedToRenewUserRole(user, { ...userRole, role }, true);
  const mayInvite = mayInviteForRole(user, role);
  const reload = () => {
    setSelected([]);
    setReloadKey((n) => n + 1);
  };

  const changeEndDate = async (userRole: UserRole, date: Date | null) => {
    setEditing(null);
    try {
      await updateEndDate(userRole.id, date ? Math.floor(date.getTime() / 1000) : null);
      setFlash(t(date ? 'endDateChanged' : 'endDateCleared', { name: userRole.name ?? '' }));
    } catch {
      setFlash(t('endDateFailed'), 'error');
    }
    reload();
  };

  const remove = async (userRoles: UserRole[]) => {
    setDeleting(null);
    try {
      for (const userRole of userRoles) await deleteUserRole(role.id, userRole.id, guests);
    } catch {
      reload();
      return;
    }
    setFlash(t('userRolesDeleted', { count: userRoles.length }));
    // Spec §2: who removed their own membership loses the page; institution admins keep theirs.
    if (user && !user.institutionAdmin && userRoles.some((userRole) => userRole.user_id === user.id)) {
      page.assign('/home');
      return;
    }
    reload();
  };

  const columns = useMemo<EntityColumn<UserRole>[]>(() => {
    const list: EntityColumn<UserRole>[] = [
      { key: 'name', header: t('columnName') },
      { key: 'email', header: t('columnEmail') },
      { key: 'schac_home_organization', header: t('columnOrganisation') },
    ];
    if (!guests)
      list.push({
        key: 'authority',
        header: t('columnAuthority'),
        render: (userRole) => <AuthorityBadge authority={userRole.authority} />,
      });
    list.push(
      { key: 'createdAt', header: t('columnAccepted'), render: (userRole) => formatDate(userRole.createdAt) },
      {
        key: 'endDate',
        header: t('columnEndDate'),
        render: (userRole) => {
          const allowed = mayChange(userRole);
          return (
            <span className="roles-end-date-cell">
              {userRoleExpiresSoon(userRole.endDate) && (
                <svg
                  className="roles-bell"
                  role="img"
                  aria-label={t('expiresSoon')}
                  viewBox="0 0 24 24"
                  width="18"
                  height="18"
                >
                  <title>{t('expiresSoon')}</title>
                  <path
                    fill="currentColor"
                    d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
                  />
                </svg>
              )}
              <span>{userRole.endDate ? formatDate(userRole.endDate) : t('noEndDate')}</span>
              <button
                type="button"
                className="roles-icon-button"
                disabled={!allowed}
                title={allowed ? undefined : t('notAllowed')}
                aria-label={t('endDateEditFor', { name: userRole.name ?? userRole.email ?? '' })}
                onClick={() => setEditing(userRole)}
              >
                {t('endDateEdit')}
              </button>
            </span>
          );
        },
      },
      {
        key: 'actions',
        header: <span className="sds--visually-hidden">{t('columnActions')}</span>,
        sortable: false,
        render: (userRole) => {
          const allowed = mayDelete(userRole);
          return (
            <button
              type="button"
              className="roles-icon-button"
              disabled={!allowed}
              title={allowed ? undefined : t('notAllowed')}
              aria-label={t('deleteUserRoleFor', { name: userRole.name ?? userRole.email ?? '' })}
              onClick={() => setDeleting([userRole])}
            >
              {t('delete')}
            </button>
          );
        },
      },
    );
    return list;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, guests, user, role]);

  const chosen = rows.filter((row) => selected.includes(row.id));
  return (
    <>
      <PagedList<UserRole>
        title={t(guests ? 'guestsTitle' : 'maintainersTitle')}
        fetchPage={async (request) => {
          const answer = await searchUserRoles(role.id, kind, request);
          setRows(answer.content);
          return answer;
        }}
        columns={columns}
        emptyText={t('ui:noEntities.userRoles')}
        reloadKey={reloadKey}
        selection={{
          selected,
          onChange: setSelected,
          isAllowed: mayDelete,
          notAllowedText: t('notAllowed'),
          rowName: (userRole) => userRole.name ?? userRole.email ?? '',
        }}
        actions={
          chosen.length > 0 ? (
            <button
              type="button"
              className="sds--btn sds--btn--secondary"
              onClick={() => setDeleting(chosen)}
            >
              {t('deleteSelected', { count: chosen.length })}
            </button>
          ) : null
        }
        newEntity={
          mayInvite
            ? {
                label: t(guests ? 'newGuest' : 'newInvitation'),
                path: `/invitation/new?maintainer=${!guests}`,
                state: { roleId: role.id },
              }
            : undefined
        }
      />
      {editing && (
        <EndDateDialog
          userRole={editing}
          // No user role outlives its role's end date: none to clear, none later to pick.
          mayClear={!guests && !role?.endDate}
          roleEndDate={role?.endDate ?? null}
          onConfirm={(date) => void changeEndDate(editing, date)}
          onCancel={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmationDialog
          open
          isWarning
          title={t('deleteUserRolesTitle', { count: deleting.length })}
          confirmLabel={t('delete')}
          confirm={() => void remove(deleting)}
          cancel={() => setDeleting(null)}
        >
          <p>{t('deleteUserRolesQuestion', { count: deleting.length, role: role.name })}</p>
          <ul>
            {deleting.map((userRole) => (
              <li key={userRole.id}>{userRole.name ?? userRole.email}</li>
            ))}
          </ul>
        </ConfirmationDialog>
      )}
    </>
  );
}

export function GuestsTab(props: SlotProps) {
  return <UserRolesPanel kind="guests" {...props} />;
}

export function MaintainersTab(props: SlotProps) {
  return <UserRolesPanel kind="maintainers" {...props} />;
}
