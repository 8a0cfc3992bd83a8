import type { TFunction } from 'i18next';
import { invitationStatus, type ListedInvitation } from 'shared-auth';
import { AuthorityBadge, formatDate, type EntityColumn } from 'shared-ui';

export type InvitationAction = 'resend' | 'revoke';

/** The columns of every invitation list; `act` opens the confirmation for one invitation. */
export function invitationColumns(
  t: TFunction<'invitations'>,
  options: {
    showRoles: boolean;
    mayManage: (invitation: ListedInvitation) => boolean;
    act: (action: InvitationAction, invitation: ListedInvitation) => void;
  },
): EntityColumn<ListedInvitation>[] {
  const columns: Array<EntityColumn<ListedInvitation> | false> = [
    {
      key: 'email',
      header: t('list.email'),
      render: (invitation) => (
        <span className="inv-email">
          {invitation.email}{' '}
          {invitationStatus(invitation) === 'EXPIRED' && (
            <span className="sds--chips status-warning">
              <span className="sds--chips--textual sds--text--body--small">{t('list.expiredBadge')}</span>
            </span>
          )}
        </span>
      ),
    },
    options.showRoles && {
      key: 'roles',
      header: t('list.roles'),
      sortable: false,
      render: (invitation) => invitation.roles.map(({ role }) => role.name).join(', '),
    },
    {
      key: 'intendedAuthority',
      header: t('list.authority'),
      render: (invitation) => <AuthorityBadge authority={invitation.intendedAuthority} />,
    },
    {
      key: 'inviter',
      header: t('list.inviter'),
      sortable: false,
      render: (invitation) =>
        invitation.inviter?.name ?? invitation.inviter?.email ?? invitation.remoteApiUser ?? '',
    },
    {
      key: 'createdAt',
      header: t('list.createdAt'),
      render: (invitation) => formatDate(invitation.createdAt),
    },
    {
      key: 'expiryDate',
      header: t('list.expiryDate'),
      render: (invitation) => formatDate(invitation.expiryDate),
    },
    {
      key: 'status',
      header: t('list.status'),
      render: (invitation) => t(`list.status${invitationStatus(invitation)}`),
    },
    {
      key: 'actions',
      header: <span className="sds--visually-hidden">{t('list.actions')}</span>,
      sortable: false,
      render: (invitation) =>
        options.mayManage(invitation) ? (
          <span className="inv-row-actions">
            <button
              type="button"
              className="sds--btn sds--btn--small sds--btn--secondary"
              aria-label={t('list.resendOne', { email: invitation.email })}
              onClick={() => options.act('resend', invitation)}
            >
              {t('list.resend')}
            </button>
            <button
              type="button"
              className="sds--btn sds--btn--small sds--btn--secondary"
              aria-label={t('list.revokeOne', { email: invitation.email })}
              onClick={() => options.act('revoke', invitation)}
            >
              {t('list.revoke')}
            </button>
          </span>
        ) : null,
    },
  ];
  return columns.filter((column): column is EntityColumn<ListedInvitation> => Boolean(column));
}
