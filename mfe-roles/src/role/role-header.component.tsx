import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { allowedToEditRole, isRoleUnknownInManage, useSessionStore, type Role } from 'shared-auth';
import { CopyControl, formatDateValue } from 'shared-ui';
import { applicationLabel, Logo } from './role.display';
import { RoleAcr } from './role-acr.component';
import { RoleInstitutionAdmins } from './role-institution-admins.component';

/** Spec §2 Role detail header: logo, name, description, urn, user count, validity and applications. */
export function RoleHeader({ role }: { role: Role }) {
  const { t, i18n } = useTranslation('roles');
  const location = useLocation();
  const user = useSessionStore((state) => state.user);
  const unknown = isRoleUnknownInManage(role);
  const history = `/audit-logs/${role.id}?${new URLSearchParams({ name: role.name, back: location.pathname })}`;
  return (
    <header className="roles-role-header">
      <Logo src={role.logo} name={role.name} />
      <div className="roles-role-header-main">
        <h1 className="sds--text--h2">{role.name}</h1>
        {unknown && (
          <p className="roles-unknown" role="note">
            {t('unknownInManage')}: {t('unknownInManageText')}
          </p>
        )}
        <p>{role.description}</p>
        <CopyControl value={role.urn} label={t('urn')} showValue />
        <ul className="roles-role-facts">
          <li>
            {t('roleUsers', { count: role.userRoleCount ?? 0 })} ·{' '}
            {role.endDate
              ? t('roleEndsOn', { date: formatDateValue(new Date(role.endDate * 1000)) })
              : t('roleValidity', { count: role.defaultExpiryDays })}
          </li>
          {role.requestedAuthnContext && <RoleAcr acr={role.requestedAuthnContext} />}
          {(role.applicationMaps ?? [])
            .filter((app) => !app.unknown)
            .map((app) => {
              const label = applicationLabel(app, i18n.language);
              const landingPage = app.landingPage ?? app.url;
              return (
                <li key={app.id}>
                  {landingPage ? (
                    <a href={landingPage} target="_blank" rel="noopener noreferrer">
                      {label}
                    </a>
                  ) : (
                    label
                  )}
                </li>
              );
            })}
        </ul>
        <RoleInstitutionAdmins roleId={role.id} />
      </div>
      <div className="roles-role-header-actions">
        {allowedToEditRole(user, role) && (
          <Link className="sds--btn sds--btn--primary" to={`/role/${role.id}`}>
            {t('edit')}
          </Link>
        )}
        <Link className="sds--btn sds--btn--secondary" to={history}>
          {t('history')}
        </Link>
      </div>
    </header>
  );
}
