import { useTranslation } from 'react-i18next';
import { effectiveAuthority, useSessionStore } from 'shared-auth';

/** Placeholder panels of the home tabs this remote contributes, until each gets its list. */
function TabPanel({ textKey }: { textKey: string }) {
  const { t } = useTranslation('roles');
  return <p className="tab-panel-info">{t(textKey)}</p>;
}

/**
 * Spec §2 Home tabs: a guest's roles tab holds only a note that guests have the guest role; an
 * institution admin without applications (a guest in effect) gets a note of its own.
 */
export function RolesTab() {
  const { t } = useTranslation('roles');
  const user = useSessionStore((state) => state.user);
  if (user && effectiveAuthority(user, true) === 'GUEST') {
    return (
      <p className="tab-panel-info">{t(user.institutionAdmin ? 'guestNoteInstitutionAdmin' : 'guestNote')}</p>
    );
  }
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
