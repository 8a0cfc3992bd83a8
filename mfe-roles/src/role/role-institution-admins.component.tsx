import { useTranslation } from 'react-i18next';
import { useLoad } from 'shared-ui';
import { fetchRoleInstitutionAdmins } from '../resources/users.resource';

/**
 * The institution admins who may manage this role (those of the institutions owning its applications), as
 * the reference shows them on the role page: names with a mail link. Says so when there are none; a
 * failed load costs only this line.
 */
export function RoleInstitutionAdmins({ roleId }: { roleId: number }) {
  const { t } = useTranslation('roles');
  const { data, error, loading } = useLoad(() => fetchRoleInstitutionAdmins(roleId), [roleId]);
  if (loading) return null;
  if (error) return <p className="roles-institution-admins">{t('institutionAdmins.failed')}</p>;
  const admins = data ?? [];
  return (
    <div className="roles-institution-admins">
      <h2 id={`institution-admins-${roleId}`} className="sds--text--h5">
        {t('institutionAdmins.title')}
      </h2>
      {admins.length === 0 ? (
        <p>{t('institutionAdmins.none')}</p>
      ) : (
        <ul aria-labelledby={`institution-admins-${roleId}`}>
          {admins.map((admin) => (
            <li key={admin.id}>
              {admin.email ? (
                <a href={`mailto:${admin.email}`}>{admin.name ?? admin.email}</a>
              ) : (
                (admin.name ?? String(admin.id))
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
