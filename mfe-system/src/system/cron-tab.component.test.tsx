import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFlashStore } from 'shared-auth';
import { i18n } from 'shared-ui';
import { superUser } from 'test-support/personas';
import { renderAt, setUpSystem } from '../test-support/render';
import CronTab from './cron-tab.component';
import { runCleanup, runExpiryNotifications, runTidyJob } from './system.resource';

jest.mock('./system.resource', () => ({
  runCleanup: jest.fn(),
  runExpiryNotifications: jest.fn(),
  runTidyJob: jest.fn(),
}));
// The registry's status heads the tab (registry-status.component.test.tsx).
jest.mock('./registry.resource', () => ({
  fetchRegistryState: jest.fn(async () => ({
    source: 'files',
    version: 1,
    versionInUse: 1,
    refreshedAt: 1_795_909_200,
    changedAt: 1_795_909_200,
    lastError: null,
    lastErrorAt: null,
  })),
  refreshRegistry: jest.fn(),
}));
const tidy = runTidyJob as jest.Mock;

const cleanup = runCleanup as jest.Mock;
const notifications = runExpiryNotifications as jest.Mock;

beforeEach(async () => {
  cleanup.mockReset();
  notifications.mockReset();
  tidy.mockReset();
  await setUpSystem(superUser);
});

describe('the cron tab', () => {
  it('removes inactive users and shows how many, with the users and their history', async () => {
    tidy.mockResolvedValue({
      job: 'inactive-users',
      days: 1000,
      removedUsers: 1,
      removedMemberships: 2,
      removedAuditRows: 0,
      before: null,
      users: [
        { id: 31, name: 'Idle Ida', email: 'ida@example.org', lastActivity: 1_700_000_000, memberships: 2 },
      ],
    });
    renderAt('/system/cron', <CronTab />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove inactive users' }));
    expect(
      await screen.findByText('Users removed: 1, memberships removed with them: 2 (limit: 1000 days).'),
    ).toBeInTheDocument();
    const users = screen
      .getByRole('heading', { name: 'Removed users (1)' })
      .closest('section') as HTMLElement;
    expect(within(users).getByText('Idle Ida')).toBeInTheDocument();
    expect(within(users).getByRole('link', { name: 'History' })).toHaveAttribute(
      'href',
      '/audit-logs/31?subject=user&name=ida%40example.org&back=%2Fsystem%2Fcron',
    );
    expect(tidy).toHaveBeenCalledWith('inactive-users');
    expect(useFlashStore.getState().flash?.msg).toBe('The job has run.');
  });

  it('counts the audit rows the retention removed, and says when a job is off, in Dutch too', async () => {
    await act(async () => {
      await i18n.changeLanguage('nl');
    });
    tidy.mockResolvedValueOnce({
      job: 'audit-retention',
      days: 365,
      removedUsers: 0,
      removedMemberships: 0,
      removedAuditRows: 12,
      before: 1_700_000_000,
      users: [],
    });
    renderAt('/system/cron', <CronTab />);
    await userEvent.click(screen.getByRole('button', { name: 'Verwijder oude auditregels' }));
    expect(await screen.findByText('12 auditregels verwijderd (ouder dan 365 dagen).')).toBeInTheDocument();
    tidy.mockResolvedValueOnce({
      job: 'users-without-roles',
      days: 0,
      removedUsers: 0,
      removedMemberships: 0,
      removedAuditRows: 0,
      before: null,
      users: [],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Verwijder gebruikers zonder rollen' }));
    expect(await screen.findByText('Deze taak staat uit (0 dagen).')).toBeInTheDocument();
  });

  it('flashes an error when a tidy job cannot run', async () => {
    tidy.mockRejectedValue(new Error('409'));
    renderAt('/system/cron', <CronTab />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove users without roles' }));
    expect(await screen.findByRole('button', { name: 'Remove users without roles' })).toBeEnabled();
    expect(useFlashStore.getState().flash).toMatchObject({ msg: 'The job could not run. Try again later.' });
  });

  it('runs the cleanup and shows the invitations and user roles it removed, linked to their role', async () => {
    cleanup.mockResolvedValue({
      invitations: [{ id: 3, email: 'late@example.org', expiryDate: 1_767_225_600 }],
      userRoles: [
        {
          id: 8,
          userId: 2,
          roleId: 12,
          roleName: 'Wiki editors',
          email: 'gone@example.org',
          endDate: 1_767_225_600,
        },
      ],
    });
    renderAt('/system/cron', <CronTab />);
    await userEvent.click(screen.getByRole('button', { name: 'Run cleanup' }));
    const invitations = await screen.findByRole('heading', { name: 'Removed invitations (1)' });
    expect(invitations.closest('section')).toHaveTextContent('late@example.org');
    const userRoles = screen
      .getByRole('heading', { name: 'Removed user roles (1)' })
      .closest('section') as HTMLElement;
    expect(within(userRoles).getByRole('link', { name: 'Wiki editors' })).toHaveAttribute(
      'href',
      '/roles/12',
    );
    expect(within(userRoles).getByText('01/01/2026')).toBeInTheDocument();
    expect(cleanup).toHaveBeenCalledTimes(1);
  });

  it('says so when the cleanup found nothing', async () => {
    cleanup.mockResolvedValue({ invitations: [], userRoles: [] });
    renderAt('/system/cron', <CronTab />);
    await userEvent.click(screen.getByRole('button', { name: 'Run cleanup' }));
    expect(await screen.findByText('No expired invitations were found.')).toBeInTheDocument();
    expect(screen.getByText('No expired user roles were found.')).toBeInTheDocument();
  });

  it('runs the expiry notifications, shows the mails sent, and clears the results', async () => {
    notifications.mockResolvedValue([
      {
        to: 'soon@example.org',
        subject: 'Your access via role Wiki is about to expire',
        text: 'Dear Soon, …',
        html: '<p>Dear Soon</p>',
      },
    ]);
    renderAt('/system/cron', <CronTab />);
    await userEvent.click(screen.getByRole('button', { name: 'Send expiry notifications' }));
    expect(await screen.findByRole('heading', { name: 'Mails sent (1)' })).toBeInTheDocument();
    expect(screen.getByText('soon@example.org')).toBeInTheDocument();
    expect(screen.getByText(/Your access via role Wiki is about to expire/)).toBeInTheDocument();
    expect(screen.getByTitle('The mail to soon@example.org as it is shown')).toHaveAttribute('sandbox', '');
    await userEvent.click(screen.getByRole('button', { name: 'Clear results' }));
    expect(screen.queryByText('soon@example.org')).not.toBeInTheDocument();
  });

  it('flashes an error when a job cannot run, and keeps the buttons usable', async () => {
    notifications.mockRejectedValue(new Error('409'));
    renderAt('/system/cron', <CronTab />);
    await userEvent.click(screen.getByRole('button', { name: 'Send expiry notifications' }));
    await screen.findByRole('button', { name: 'Send expiry notifications' });
    expect(useFlashStore.getState().flash?.msg).toBe(
      'The expiry notifications could not be sent. Try again later.',
    );
    expect(screen.getByRole('button', { name: 'Run cleanup' })).toBeEnabled();
  });
});
