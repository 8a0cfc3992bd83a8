import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDate, Loader, type SlotProps, useLoad } from 'shared-ui';
import {
  fetchApplicationManagers,
  type ApplicationManager,
  type ManagedApplication,
} from './application-managers.resource';
import { LoadFailure } from './load-failure.component';
import { managerName, RemoveApplicationManagerDialog } from './remove-application-manager-dialog.component';

function applicationName(application: ManagedApplication, language: string): string {
  const first = language.startsWith('nl') ? application['name:nl'] : application['name:en'];
  return first ?? application['name:en'] ?? application['name:nl'] ?? application.manageId;
}

/**
 * Application managers (issue 53): each with the applications they manage, who granted them and when, and a
 * Remove button. Super users see every one (system area); an institution admin those of its organisation's
 * applications (home tab), and removing takes only those.
 */
export default function ApplicationManagersTab(_props: SlotProps) {
  const { t, i18n } = useTranslation('system');
  const language = i18n.language ?? 'en';
  const { data, error, loading, reload } = useLoad(fetchApplicationManagers, []);
  const [removing, setRemoving] = useState<{ manager: ApplicationManager; applications: string } | null>(
    null,
  );

  if (loading && !data) return <Loader />;
  if (error) return <LoadFailure onRetry={reload} />;
  const managers = data ?? [];
  return (
    <section className="system-application-managers" aria-labelledby="application-managers-title">
      <h2 id="application-managers-title" className="sds--text--h3">
        {t('applicationManagers.title')}
      </h2>
      <p>{t('applicationManagers.info')}</p>
      {managers.length === 0 ? (
        <p>{t('applicationManagers.empty')}</p>
      ) : (
        <ul className="system-organisations" aria-label={t('applicationManagers.title')}>
          {managers.map((manager) => {
            const name = managerName(manager);
            const applications = manager.applications
              .map((application) => applicationName(application, language))
              .join(', ');
            return (
              <li key={manager.id} className="system-organisation">
                <Link to={`/profile/${manager.id}`}>{name}</Link>
                {manager.email && manager.name && <span> — {manager.email}</span>}
                <ul
                  aria-label={t('applicationManagers.applicationsOf', { name })}
                  className="system-organisation-admins"
                >
                  {manager.applications.map((application) => (
                    <li key={application.manageId}>
                      {applicationName(application, language)}
                      {!application.known && <span> ({t('applicationManagers.unknownApplication')})</span>}
                      <span className="system-organisation-source">
                        {' '}
                        ·{' '}
                        {application.grantedBy
                          ? t('applicationManagers.grantedBy', {
                              name: application.grantedBy,
                              date: formatDate(application.grantedAt),
                            })
                          : t('applicationManagers.grantedOn', { date: formatDate(application.grantedAt) })}
                      </span>
                    </li>
                  ))}
                </ul>
                <button
                  type="button"
                  className="sds--btn sds--btn--secondary sds--btn--small system-organisation-remove"
                  aria-label={t('applicationManagers.removeLabel', { name })}
                  onClick={() => setRemoving({ manager, applications })}
                >
                  {t('applicationManagers.remove')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {removing && (
        <RemoveApplicationManagerDialog
          manager={removing.manager}
          applications={removing.applications}
          onClose={(changed) => {
            setRemoving(null);
            if (changed) reload();
          }}
        />
      )}
    </section>
  );
}
