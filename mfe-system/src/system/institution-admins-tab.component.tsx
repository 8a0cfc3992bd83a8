import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDate, Loader, type SlotProps, useLoad } from 'shared-ui';
import { LoadFailure } from './load-failure.component';
import { adminName, RemoveInstitutionAdminDialog } from './remove-institution-admin-dialog.component';
import type { InstitutionAdmin, InstitutionAdminGroup } from 'shared-auth';
import { fetchInstitutionAdmins } from './system.resource';

function organisationName(group: InstitutionAdminGroup, language: string): string | null {
  const first = language.startsWith('nl') ? group['name:nl'] : group['name:en'];
  return first ?? group['name:en'] ?? group['name:nl'];
}

/**
 * Institution admins per organisation: every institution of the registry with the users whose entitlements
 * or an accepted invitation make them its admins (none is said too, and where each right comes from), then
 * the GUIDs users claim that the registry does not know. A right an invitation granted can be removed here.
 */
export default function InstitutionAdminsTab(_props: SlotProps) {
  const { t, i18n } = useTranslation('system');
  const { data, error, loading, reload } = useLoad(fetchInstitutionAdmins, []);
  const [removing, setRemoving] = useState<{ admin: InstitutionAdmin; organisation: string } | null>(null);

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
                      <Link to={`/profile/${admin.id}`}>{adminName(admin)}</Link>
                      {admin.email && admin.name && <span> — {admin.email}</span>}
                      {admin.lastActivity !== undefined && (
                        <span className="system-organisation-activity">
                          {' '}
                          ({t('columns.lastActivity')}: {formatDate(admin.lastActivity)})
                        </span>
                      )}
                      <Sources admin={admin} />
                      {admin.grantedByInvitation && (
                        <button
                          type="button"
                          className="sds--btn sds--btn--secondary sds--btn--small system-organisation-remove"
                          aria-label={t('institutionAdmins.removeLabel', { name: adminName(admin) })}
                          onClick={() => setRemoving({ admin, organisation: name })}
                        >
                          {t('institutionAdmins.remove')}
                        </button>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
      {removing && (
        <RemoveInstitutionAdminDialog
          admin={removing.admin}
          organisation={removing.organisation}
          onClose={(changed) => {
            setRemoving(null);
            if (changed) reload();
          }}
        />
      )}
    </section>
  );
}

/** Where an admin's right comes from: their institution's entitlements, an invitation, or both. */
function Sources({ admin }: { admin: InstitutionAdmin }) {
  const { t } = useTranslation('system');
  const sources = [
    admin.viaEntitlement ? t('institutionAdmins.viaEntitlement') : null,
    admin.grantedByInvitation ? t('institutionAdmins.viaInvitation') : null,
  ].filter(Boolean);
  if (sources.length === 0) return null;
  return <span className="system-organisation-source"> · {sources.join(', ')}</span>;
}
