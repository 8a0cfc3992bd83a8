import { useTranslation } from 'react-i18next';
import type { Invitation } from 'shared-auth';
import { formatDate } from 'shared-ui';
import { roleApplicationName } from '../application-name';

/** What the invitee reads before accepting: who invites, for which roles and applications, until when. */
export function InvitationDetails({ invitation }: { invitation: Invitation }) {
  const { t, i18n } = useTranslation('invitations');
  const inviter = invitation.inviter?.name ?? invitation.inviter?.email ?? t('accept.someone');
  const authority = t(`ui:authorities.${invitation.intendedAuthority}`).toLowerCase();
  const nl = (i18n.language ?? 'en').startsWith('nl');
  return (
    <>
      <p className="sds--text--h4">
        {invitation.roles.length
          ? t('accept.invitedFor', { inviter, authority })
          : t('accept.invitedAs', { inviter, authority })}
      </p>
      {invitation.roles.length > 0 && (
        <ul className="inv-accept-roles">
          {invitation.roles.map(({ role }) => (
            <li key={role.id}>
              <strong>{role.name}</strong>
              {roleApplicationName(role, i18n.language) && (
                <div className="sds--text--body--small">{roleApplicationName(role, i18n.language)}</div>
              )}
              {role.description && <div>{role.description}</div>}
            </li>
          ))}
        </ul>
      )}
      {(invitation.manageIdentifiers ?? []).length > 0 && (
        <>
          <p>{t('accept.applications')}</p>
          <ul className="inv-accept-roles" aria-label={t('accept.applications')}>
            {(invitation.manageIdentifiers ?? []).map((application) => (
              <li key={application.manageId}>
                <strong>
                  {(nl ? application['name:nl'] : application['name:en']) ??
                    application['name:en'] ??
                    application['name:nl'] ??
                    application.manageId}
                </strong>
              </li>
            ))}
          </ul>
        </>
      )}
      {invitation.message && (
        <>
          <p>{t('accept.messageFrom', { inviter })}</p>
          <blockquote className="inv-accept-message">{invitation.message}</blockquote>
        </>
      )}
      <p>{t('accept.expires', { date: formatDate(invitation.expiryDate) })}</p>
      <p>{t('accept.loginInfo')}</p>
    </>
  );
}
