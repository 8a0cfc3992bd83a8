import { act, render, screen } from '@testing-library/react';
import { useSessionStore } from 'shared-auth';
import type { User } from 'shared-auth';
import { registerTranslations } from 'shared-ui';
import en from '../translations/en.json';
import nl from '../translations/nl.json';
import { RolesTab } from './home-tab-panels.component';

function showRolesTabTo(user: Partial<User>) {
  registerTranslations('roles', { en, nl });
  act(() => {
    useSessionStore.setState({
      user: { id: 1, superUser: false, institutionAdmin: false, userRoles: [], ...user },
    });
  });
  render(<RolesTab />);
}

const guestRole = {
  id: 3,
  authority: 'GUEST' as const,
  role: { id: 9, name: 'Wiki guests' } as User['userRoles'][number]['role'],
};

describe('roles tab', () => {
  it('tells a guest they only have the guest role', () => {
    showRolesTabTo({ authority: 'GUEST', userRoles: [guestRole] });
    expect(screen.getByText(en.guestNote)).toBeInTheDocument();
  });

  it('tells an institution admin without applications why they are a guest', () => {
    showRolesTabTo({ institutionAdmin: true, organizationGUID: 'g', applications: [] });
    expect(screen.getByText(en.guestNoteInstitutionAdmin)).toBeInTheDocument();
  });

  it('describes the roles list to a manager', () => {
    showRolesTabTo({
      authority: 'MANAGER',
      userRoles: [{ ...guestRole, authority: 'MANAGER' }],
    });
    expect(screen.getByText(en.rolesTabInfo)).toBeInTheDocument();
    expect(screen.queryByText(en.guestNote)).not.toBeInTheDocument();
  });
});
