import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { setFlash, useSessionStore } from 'shared-auth';
import { AuthorityBadge, formatDate, NewEntityButton, PagedList, type EntityColumn } from 'shared-ui';
import { searchUsers, type UserListItem } from '../resources/users.resource';
import { startImpersonation } from './impersonation';

/** Spec §4 'Highest authority shown', for a row of the users list. */
export function listedAuthority(row: UserListItem): string {
  if (row.superUser) return 'SUPER_USER';
  if (row.institutionAdmin) return 'INSTITUTION_ADMIN';
  return row.authority?.split(',')[0]?.trim() || 'No member';
}

/** Spec §2 Home tabs, users (super users): search, impersonate, invite a maintainer. */
export function UsersTab() {
  const { t } = useTranslation('roles');
  const navigate = useNavigate();
  const currentUserId = useSessionStore((state) => state.user?.id);

  const impersonate = async (row: UserListItem) => {
    try {
      const name = await startImpersonation(row.id);
      setFlash(t('impersonationStarted', { name }));
      navigate('/');
    } catch {
      setFlash(t('impersonationFailed', { name: row.name ?? row.email ?? '' }), 'error');
    }
  };

  const columns = useMemo<EntityColumn<UserListItem>[]>(
    () => [
      {
        key: 'name',
        header: t('columnName'),
        render: (row) => row.name ?? row.email,
        link: (row) => `/profile/${row.id}`,
      },
      { key: 'email', header: t('columnEmail') },
      { key: 'schac_home_organization', header: t('columnOrganisation'), sortable: false },
      {
        key: 'authority',
        header: t('columnAuthority'),
        sortable: false,
        render: (row) => <AuthorityBadge authority={listedAuthority(row)} />,
      },
      {
        key: 'createdAt',
        header: t('columnCreated'),
        render: (row) => (row.createdAt ? formatDate(row.createdAt) : ''),
      },
      {
        key: 'lastActivity',
        header: t('columnLastActivity'),
        render: (row) => (row.lastActivity ? formatDate(row.lastActivity) : ''),
      },
      {
        key: 'impersonate',
        header: <span className="sds--visually-hidden">{t('columnActions')}</span>,
        sortable: false,
        render: (row) =>
          row.id === currentUserId ? (
            <span className="sds--chips status-success ui-authority-badge">
              <span className="sds--chips--textual sds--text--body--small">{t('you')}</span>
            </span>
          ) : (
            <button
              type="button"
              className="roles-impersonate-button"
              aria-label={t('impersonateUser', { name: row.name ?? row.email ?? '' })}
              title={t('impersonateUser', { name: row.name ?? row.email ?? '' })}
              onClick={() => void impersonate(row)}
            >
              <ImpersonateIcon />
            </button>
          ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, currentUserId],
  );

  return (
    <PagedList<UserListItem>
      title={t('usersTitle')}
      fetchPage={searchUsers}
      cappedTotal
      columns={columns}
      // The name links; a row click opens it too, under an older shell's shared-ui as well.
      onRowClick={(row) => navigate(`/profile/${row.id}`)}
      emptyText={t('ui:noEntities.users')}
      actions={
        <NewEntityButton action={{ label: t('inviteMaintainer'), path: '/invitation/new?maintainer=true' }} />
      }
    />
  );
}

/** A person standing in someone else's place: the impersonate control of each row. */
function ImpersonateIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round">
        <circle cx="12" cy="5" r="2.6" />
        <path d="M12 8.5v6M8.5 11h7M12 14.5l-2.5 4M12 14.5l2.5 4" />
        <path d="M4 19.5c2.5 1.7 13.5 1.7 16 0M6.5 22c2 .9 9 .9 11 0" />
      </g>
    </svg>
  );
}
