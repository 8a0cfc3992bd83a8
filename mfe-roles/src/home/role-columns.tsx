import type { TFunction } from 'i18next';
import type { Role } from 'shared-auth';
import { AuthorityBadge, ExpandableDescription, type EntityColumn } from 'shared-ui';
import { applicationLabel, firstKnownApplication, Logo } from '../role/role.display';

/** The application cell of a role row: logo and name, "multiple applications", or the unknown marker. */
export function RoleApplicationCell({ role, language, t }: { role: Role; language: string; t: TFunction }) {
  if (role.unknownInManage) return <span className="roles-unknown">{t('unknownInManage')}</span>;
  const first = firstKnownApplication(role);
  const several = (role.applicationMaps ?? []).length > 1;
  const label = several ? t('multipleApplications') : first ? applicationLabel(first, language) : '';
  return (
    <span className="roles-application-cell">
      <Logo src={first?.logo} name={several ? undefined : label} size="small" />
      <span>{label}</span>
    </span>
  );
}

/**
 * Columns of a role list (roles tab, application page): logo and application, name, description, authority,
 * users. The name links to the role's page where `linkTo` gives one (a role the user may not open has none).
 */
export function roleColumns(
  t: TFunction,
  language: string,
  showAuthority = true,
  linkTo: (role: Role) => string | undefined = (role) => `/roles/${role.id}`,
): EntityColumn<Role>[] {
  const columns: EntityColumn<Role>[] = [
    {
      key: 'applicationName',
      header: t('columnApplication'),
      render: (role) => <RoleApplicationCell role={role} language={language} t={t} />,
    },
    { key: 'name', header: t('columnName'), link: linkTo },
    {
      key: 'description',
      header: t('columnDescription'),
      sortable: false,
      render: (role) => <ExpandableDescription text={role.description} />,
    },
  ];
  if (showAuthority)
    columns.push({
      key: 'authority',
      header: t('columnAuthority'),
      render: (role) => <AuthorityBadge authority={role.authority} />,
    });
  columns.push({ key: 'userRoleCount', header: t('columnUsers'), className: 'roles-count' });
  return columns;
}
