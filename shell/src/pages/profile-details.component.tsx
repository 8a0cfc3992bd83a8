import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { highestAuthority } from 'shared-auth';
import type { Role, User } from 'shared-auth';
import { formatDate } from 'shared-ui';
import { useSlot } from '../remotes/use-slot';

function authorityLabel(
  authority: string,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  return authority === 'No member'
    ? t('authorities.noMember', { ns: 'ui' })
    : t(`authorities.${authority}`, { ns: 'ui' });
}

/** The role card's link to the role, where a remote contributes one (`user-role.links`). */
function RoleDetailsLink({ role }: { role: Role }) {
  const { t } = useTranslation('shell');
  const roleId = role.id;
  const name = role.name;
  // The role itself, so the slot's rule shows the link only where the role page opens for the viewer.
  const context = useMemo(() => ({ roleId, role }), [roleId, role]);
  const [link] = useSlot('user-role.links', context);
  if (!link?.href) return null;
  return (
    <Link
      to={link.href}
      className="sds--btn sds--btn--secondary"
      aria-label={t('profile.roleDetailsLabel', { name })}
    >
      {t('profile.roleDetails')}
    </Link>
  );
}

/** A user's details and roles, as cards whose 'details' link opens the role. */
export function ProfileDetails({ user }: { user: User }) {
  const { t } = useTranslation('shell');
  const rows: [string, string | undefined][] = [
    ['profile.name', user.name],
    ['profile.email', user.email],
    ['profile.sub', user.sub],
    ['profile.eppn', user.eduPersonPrincipalName],
    ['profile.schacHomeOrganization', user.schacHomeOrganization],
    ['profile.authority', authorityLabel(highestAuthority(user), t)],
    // The console's one date format, dd/MM/yyyy, in both languages (issue 44).
    ['profile.lastActivity', formatDate(user.lastActivity)],
  ];
  return (
    <>
      <section className="profile-details" aria-labelledby="profile-details-title">
        <h2 id="profile-details-title">{t('profile.details')}</h2>
        <dl>
          {rows
            .filter(([, value]) => Boolean(value))
            .map(([key, value]) => (
              <div key={key} className="profile-row">
                <dt>{t(key)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
      </section>
      <section className="profile-roles" aria-labelledby="profile-roles-title">
        <h2 id="profile-roles-title">{t('profile.roles')}</h2>
        {user.userRoles.length === 0 ? (
          <p>{t('profile.noRoles')}</p>
        ) : (
          <ul className="role-cards">
            {user.userRoles.map((userRole) => (
              <li key={userRole.id} className="role-card">
                <h3>{userRole.role.name}</h3>
                <p className="role-card-authority">{authorityLabel(userRole.authority, t)}</p>
                {userRole.role.description && <p>{userRole.role.description}</p>}
                <RoleDetailsLink role={userRole.role} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
