import { useTranslation } from 'react-i18next';
import { accessibleApplications, type User } from 'shared-auth';
import { formatDate } from '../utils/date';

export interface MyApplicationsProps {
  user: Pick<User, 'userRoles'>;
  /** Shown when the memberships give access to nothing (leave out to render nothing then). */
  emptyText?: string;
  /** The heading's id, unique on the page. */
  headingId?: string;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/**
 * Spec §6 GUEST, "pointed to the applications they can access": every application the user's guest
 * memberships open, with its organisation, the role that gives it, its end date and a link to it.
 */
export function MyApplications({
  user,
  emptyText,
  headingId = 'my-applications-title',
}: MyApplicationsProps) {
  const { t, i18n } = useTranslation('ui');
  const applications = accessibleApplications(user, i18n.language ?? 'en');
  if (applications.length === 0 && !emptyText) return null;
  return (
    <section className="ui-my-applications" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('myApplications.title')}</h2>
      {applications.length === 0 ? (
        <p>{emptyText}</p>
      ) : (
        <ul className="ui-my-applications-list">
          {applications.map((app) => (
            <li key={`${app.roleId}-${app.manageId}`} className="ui-my-application">
              {app.logo ? (
                <img className="ui-my-application-logo" src={app.logo} alt="" />
              ) : (
                <span className="ui-my-application-logo ui-my-application-initials" aria-hidden="true">
                  {initials(app.name)}
                </span>
              )}
              <div className="ui-my-application-text">
                <h3>{app.name}</h3>
                {app.organisation && <p className="ui-my-application-organisation">{app.organisation}</p>}
                <p>{t('myApplications.viaRole', { role: app.roleName })}</p>
                <p>
                  {app.endDate === null
                    ? t('myApplications.noEndDate')
                    : t('myApplications.until', { date: formatDate(app.endDate) })}
                </p>
              </div>
              {app.url ? (
                <a
                  className="sds--btn sds--btn--primary ui-my-application-go"
                  href={app.url}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {/* Named by what it shows and by the application: "Go to application Research Wiki". */}
                  {t('myApplications.goTo')}
                  <span className="sds--visually-hidden"> {app.name}</span>
                </a>
              ) : (
                <p className="ui-my-application-nolink">{t('myApplications.noLink')}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
