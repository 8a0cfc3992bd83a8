import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { manager, superUser } from 'test-support/personas';
import { renderRoutes, setUpSystem } from './test-support/render';

jest.mock('./system/system.resource', () => ({
  ...jest.requireActual('./system/system.resource'),
  runCleanup: jest.fn(),
  runExpiryNotifications: jest.fn(),
  fetchUnknownRoles: jest.fn(() => Promise.resolve([])),
  fetchEndingUserRoles: jest.fn(() => Promise.resolve([])),
  fetchSeedProgress: jest.fn(() => new Promise(() => undefined)),
  startPerformanceSeed: jest.fn(),
}));

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent?.trim());

describe('the system area', () => {
  it('shows the system.tabs slot in order, the invitations tab of the other remote included, cron first', async () => {
    await setUpSystem(superUser);
    renderRoutes('/system');
    expect(await screen.findByRole('button', { name: 'Run cleanup' })).toBeInTheDocument();
    expect(tabNames()).toEqual([
      'Cron',
      'Invitations',
      'Unknown roles',
      'Expired user roles',
      'Expiring user roles',
      'Provisioning',
      'Institution admins',
      'Application managers',
    ]);
    expect(screen.getByRole('tab', { name: 'Cron' })).toHaveAttribute('aria-selected', 'true');
  });

  it("renders another remote's tab and follows the tabs by URL", async () => {
    await setUpSystem(superUser);
    renderRoutes('/system/cron');
    await userEvent.click(await screen.findByRole('tab', { name: 'Invitations' }));
    expect(await screen.findByText('All invitations of the system')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/system/invitations');
  });

  it('names a remote that cannot be described above the tabs, with Retry: its tabs may be missing', async () => {
    await setUpSystem(superUser);
    const retry = jest.fn();
    renderRoutes('/system/cron', { undescribed: ['invitations'], retry });
    expect(await screen.findByRole('button', { name: 'Run cleanup' })).toBeInTheDocument();
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent('Part of this page may be missing: “invitations” cannot be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('offers the performance seed only when the config allows it', async () => {
    await setUpSystem(superUser, true);
    renderRoutes('/system/seed');
    expect(await screen.findByRole('button', { name: 'Run performance seed' })).toBeInTheDocument();
    expect(tabNames()).toContain('Performance seed');
    await setUpSystem(superUser, false);
    expect(screen.queryByRole('tab', { name: 'Performance seed' })).not.toBeInTheDocument();
  });

  it('sends everyone but super users to /404, and an unknown tab too', async () => {
    await setUpSystem(manager);
    const first = renderRoutes('/system/cron');
    expect(await screen.findByText('Not found page')).toBeInTheDocument();
    first.unmount();
    await setUpSystem(superUser);
    renderRoutes('/system/nonsense');
    expect(await screen.findByText('Not found page')).toBeInTheDocument();
  });

  it('puts Home > System > the tab in the breadcrumb', async () => {
    await setUpSystem(superUser);
    renderRoutes('/system/unknownRoles');
    expect(await screen.findByRole('link', { name: 'System' })).toHaveAttribute('href', '/system');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    expect(
      screen.getAllByText('Unknown roles').some((node) => node.getAttribute('aria-current') === 'page'),
    ).toBe(true);
  });
});
