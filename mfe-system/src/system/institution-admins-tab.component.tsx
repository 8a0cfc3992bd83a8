import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDate, Loader, type SlotProps, useLoad } from 'shared-ui';
import { LoadFailure } from './load-failure.component';
import { fetchInstitutionAdmins, type InstitutionAdminGroup } from './system.resource';

function organisationName(group: InstitutionAdminGroup, language: string): string | null {
  const first = language.startsWith('nl') ? group['name:nl'] : group['name:en'];
  return first ?? group['name:en'] ?? group['name:nl'];
}

/**
 * Institution admins per organisation: every institution of the registry with the users whose claims make
 * them its admins (none is said too), then the GUIDs users claim that the registry does not know.
 */
export default function InstitutionAdminsTab(_props: SlotProps) {
  const { t, i18n } = useTranslation('system');
  const { data, error, loading, reload } = useLoad(fetchInstitutionAdmins, []);

  if (loading && !data) return <Loader />;
  if (error) return <LoadFailure onRetry={reload} />;
  const groups = data ?? [];
  return (
    <section className="system-institution-admins" aria-labelledby="institution-admins-title">
      <h2 id="institution-admins-title" className="sds--text--h3">
        {t('institutionAdmins.title')}
      </h2>
      {groups.length === 0 && <p>{t('institutionAdmins.empty')}</p>}
      <ul className="system-organisations">
        {groups.map((group) => {
          const name =
            organisationName(group, i18n.language ?? 'en') ?? t('institutionAdmins.unknownOrganisation');
          const headingId = `organisation-${group.organizationGUID}`;
          return (
            <li key={group.organizationGUID} className="system-organisation">
              <div className="system-organisation-header">
                {group.logo && <img src={group.logo} alt="" className="system-organisation-logo" />}
                <div>
                  <h3 id={headingId} className="sds--text--h4">
                    {name}
                  </h3>
                  <p className="system-organisation-guid">{group.organizationGUID}</p>
                </div>
              </div>
              {group.admins.length === 0 ? (
                <p>{t('institutionAdmins.none')}</p>
              ) : (
                <ul
                  aria-label={t('institutionAdmins.adminsOf', { name })}
                  className="system-organisation-admins"
                >
                  {group.admins.map((admin) => (
                    <li key={admin.id}>
                      <Link to={`/profile/${admin.id}`}>{admin.name ?? admin.email ?? String(admin.id)}</Link>
                      {admin.email && admin.name && <span> — {admin.email}</span>}
                      {admin.lastActivity !== undefined && (
                        <span className="system-organisation-activity">
                          {' '}
                          ({t('columns.lastActivity')}: {formatDate(admin.lastActivity)})
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
