import { useTranslation } from 'react-i18next';
import { mayInviteForRole, useSessionStore, type Role } from 'shared-auth';
import { NewEntityButton, useLoad } from 'shared-ui';
import { fetchManagerEmails } from '../resources/user-roles.resource';

/**
 * Spec §2 inviter variant: no admin header; what the role is for, a mail link to its managers and the
 * way to invite a guest.
 */
export function InviterRoleHeader({ role }: { role: Role }) {
  const { t } = useTranslation('roles');
  const user = useSessionStore((state) => state.user);
  const managers = useLoad(() => fetchManagerEmails(role.id), [role.id]);
  const emails = managers.data ?? [];
  return (
    <header className="roles-role-header">
      <div className="roles-role-header-main">
        <h1 className="sds--text--h2">{role.name}</h1>
        <p>{role.description}</p>
        <p>{t('inviterRoleInfo')}</p>
        {emails.length > 0 && (
          <p>
            <a href={`mailto:${emails.join(',')}`}>{t('contactAdmins')}</a>
          </p>
        )}
      </div>
      {mayInviteForRole(user, role, 'INVITER') && (
        <div className="roles-role-header-actions">
          <NewEntityButton
            action={{
              label: t('newGuest'),
              path: '/invitation/new?maintainer=false',
              state: { roleId: role.id },
            }}
          />
        </div>
      )}
    </header>
  );
}
