import { useTranslation } from 'react-i18next';

/** Placeholder panels of the home tabs this remote contributes, until each gets its list. */
function TabPanel({ textKey }: { textKey: string }) {
  const { t } = useTranslation('roles');
  return <p className="tab-panel-info">{t(textKey)}</p>;
}

export function RolesTab() {
  return <TabPanel textKey="rolesTabInfo" />;
}

export function UsersTab() {
  return <TabPanel textKey="usersTabInfo" />;
}

export function ApplicationsTab() {
  return <TabPanel textKey="applicationsTabInfo" />;
}

export function ApplicationUsersTab() {
  return <TabPanel textKey="applicationUsersTabInfo" />;
}
