import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserRole } from 'shared-auth';
import { role, superUser } from 'test-support/personas';
import { renderAt, setUpSystem } from '../test-support/render';
import { selectEnding } from './ending-user-roles.component';
import ExpiredUserRolesTab from './expired-user-roles-tab.component';
import ExpiringUserRolesTab from './expiring-user-roles-tab.component';
import { fetchEndingUserRoles, fetchUnknownRoles } from './system.resource';
import UnknownRolesTab from './unknown-roles-tab.component';

jest.mock('./system.resource', () => ({ fetchEndingUserRoles: jest.fn(), fetchUnknownRoles: jest.fn() }));

const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);

function member(id: number, name: string, endDate: number | null): UserRole {
  return {
    id,
    user_id: id + 100,
    role: role(7, 'Wiki'),
    name,
    email: `${name.toLowerCase()}@example.org`,
    schac_home_organization: 'harderwijk.example.org',
    authority: 'GUEST',
    createdAt: now - 90 * DAY,
    endDate,
  };
}

const ending = [
  member(1, 'Past', now - 2 * DAY),
  member(2, 'Soon', now + 5 * DAY),
  member(3, 'Later', now + 29 * DAY),
];

beforeEach(async () => {
  (fetchEndingUserRoles as jest.Mock).mockResolvedValue(ending);
  await setUpSystem(superUser);
});

describe('expired and expiring user roles', () => {
  it('split the ending memberships at now and one month ahead', () => {
    expect(selectEnding(ending, 'expired', now).map((u) => u.name)).toEqual(['Past']);
    expect(selectEnding(ending, 'expiring', now).map((u) => u.name)).toEqual(['Soon', 'Later']);
    expect(selectEnding([member(4, 'Open', null)], 'expiring', now)).toEqual([]);
  });

  it('list name and e-mail, role, home organisation, authority, created at and end date', async () => {
    renderAt('/system/expiredUserRoles', <ExpiredUserRolesTab />);
    expect(await screen.findByRole('heading', { name: 'Expired user roles (1)' })).toBeInTheDocument();
    const headers = screen
      .getAllByRole('columnheader')
      .map((h) => (h.textContent ?? '').replace(/[▲▼]/g, '').trim());
    expect(headers).toEqual([
      'Name / e-mail',
      'Role',
      'Home organisation',
      'Authority',
      'Created at',
      'End date',
    ]);
    const row = screen.getAllByRole('row')[1];
    expect(within(row).getByRole('link', { name: 'Past' })).toHaveAttribute('href', '/profile/101');
    expect(within(row).getByText('past@example.org')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Wiki' })).toHaveAttribute('href', '/roles/7');
    expect(row).toHaveTextContent('harderwijk.example.org');
  });

  it('show the memberships ending within the month on their own tab, soonest first', async () => {
    renderAt('/system/expiringUserRoles', <ExpiringUserRolesTab />);
    expect(
      await screen.findByRole('heading', { name: 'User roles ending within the next month (2)' }),
    ).toBeInTheDocument();
    const names = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('link')[0].textContent);
    expect(names).toEqual(['Soon', 'Later']);
  });

  it('offer a retry when the list cannot be loaded', async () => {
    (fetchEndingUserRoles as jest.Mock).mockRejectedValueOnce(new Error('down'));
    renderAt('/system/expiredUserRoles', <ExpiredUserRolesTab />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This list could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Expired user roles (1)' })).toBeInTheDocument();
  });
});

describe('unknown applications', () => {
  it('lists roles whose application the registry no longer knows, linked to their role page', async () => {
    (fetchUnknownRoles as jest.Mock).mockResolvedValue([
      role(12, 'Legacy Archive Readers', {
        applicationMaps: [{ id: 'app-archive', unknown: true }],
        userRoleCount: 1,
      }),
    ]);
    renderAt('/system/unknownRoles', <UnknownRolesTab />);
    expect(
      await screen.findByRole('heading', {
        name: 'Unknown roles: linked to applications unknown in the registry (1)',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Legacy Archive Readers' })).toHaveAttribute('href', '/roles/12');
    expect(screen.getByText('app-archive')).toBeInTheDocument();
  });

  it('says when every role is fine', async () => {
    (fetchUnknownRoles as jest.Mock).mockResolvedValue([]);
    renderAt('/system/unknownRoles', <UnknownRolesTab />);
    expect(
      await screen.findByText('Every role is linked to applications the registry knows.'),
    ).toBeInTheDocument();
  });
});
