import { screen } from '@testing-library/react';
// eslint-disable-next-line no-restricted-imports -- test only: the real remote inside the host
import rolesRemote from 'mfe-roles/src/contributions';
import type { User } from 'shared-auth';
import { personasHolding, role } from 'test-support/personas';
import { renderShell } from '../test-support/render-shell';

jest.mock('../remotes/remote-loader', () => jest.requireActual('../test-support/remote-loader.mock'));

const remotes = { roles: [rolesRemote] };
const wiki = {
  id: 'wiki',
  'name:en': 'Research Wiki',
  'name:nl': 'Onderzoekswiki',
  'OrganizationName:en': 'Harderwijk University',
  url: 'https://wiki.example.org',
};

const { manager } = personasHolding(role(11, 'Wiki editors'));
const { inviter } = personasHolding(role(12, 'Wiki readers'));
const { guest } = personasHolding(role(13, 'Wiki guests', { applicationMaps: [wiki] }));

/** A manager of one role who is also a guest of another. */
function managerAndGuest(): User {
  return {
    ...manager,
    userRoles: [
      ...manager.userRoles,
      {
        id: 501,
        authority: 'GUEST',
        endDate: null,
        role: role(21, 'Wiki guests', { applicationMaps: [wiki] }),
      },
    ],
  };
}

describe('own profile', () => {
  it("shows a guest's applications, and no Details link that would lead it to a page it may not open", async () => {
    await renderShell({ path: '/profile', user: guest, remotes });
    expect(await screen.findByRole('heading', { name: 'My applications' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to application Research Wiki' })).toHaveAttribute(
      'href',
      'https://wiki.example.org',
    );
    expect(screen.getByRole('heading', { name: 'Wiki guests', level: 3 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Details of role Wiki guests' })).not.toBeInTheDocument();
  });

  it("shows a manager's guest memberships as applications, and Details only for the role it manages", async () => {
    await renderShell({ path: '/profile', user: managerAndGuest(), remotes });
    expect(await screen.findByRole('link', { name: 'Details of role Wiki editors' })).toHaveAttribute(
      'href',
      '/roles/11',
    );
    expect(screen.getByRole('link', { name: 'Go to application Research Wiki' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Details of role Wiki guests' })).not.toBeInTheDocument();
  });

  it('shows no applications section to a user without guest memberships', async () => {
    await renderShell({ path: '/profile', user: inviter, remotes });
    expect(await screen.findByRole('link', { name: 'Details of role Wiki readers' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'My applications' })).not.toBeInTheDocument();
  });
});
