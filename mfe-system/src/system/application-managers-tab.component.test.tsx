import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useFlashStore } from 'shared-auth';
import { i18n } from 'shared-ui';
import { superUser } from 'test-support/personas';
import { renderAt, setUpSystem } from '../test-support/render';
import ApplicationManagersTab from './application-managers-tab.component';
import { fetchApplicationManagers, removeApplicationManager } from './application-managers.resource';

jest.mock('./application-managers.resource', () => ({
  fetchApplicationManagers: jest.fn(),
  removeApplicationManager: jest.fn(),
}));
const fetchManagers = fetchApplicationManagers as jest.Mock;
const removeManager = removeApplicationManager as jest.Mock;

const library = {
  manageId: 'app-library',
  manageType: 'oidc10_rp',
  'name:en': 'University library',
  'name:nl': 'Universiteitsbibliotheek',
  known: true,
  invitationId: 31,
  grantedBy: 'Iris Institution',
  grantedAt: 1_767_225_600,
};
const abel = {
  id: 9,
  name: 'Abel Application',
  email: 'application-manager@example.org',
  applications: [library],
};
const retired = {
  id: 10,
  name: null,
  email: 'old@example.org',
  applications: [
    {
      ...library,
      manageId: 'app-gone',
      'name:en': null,
      'name:nl': null,
      known: false,
      grantedBy: null,
    },
  ],
};

beforeEach(async () => {
  fetchManagers.mockReset();
  removeManager.mockReset();
  useFlashStore.setState({ flash: null });
  await setUpSystem(superUser);
});
afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('the application managers tab', () => {
  it('lists each application manager with a profile link, their applications and who granted them', async () => {
    fetchManagers.mockResolvedValue([abel, retired]);
    renderAt('/system/applicationManagers', <ApplicationManagersTab />);
    expect(await screen.findByRole('link', { name: 'Abel Application' })).toHaveAttribute(
      'href',
      '/profile/9',
    );
    const apps = within(screen.getByRole('list', { name: 'Applications of Abel Application' }));
    expect(apps.getByText(/University library/)).toBeInTheDocument();
    expect(apps.getByText(/invited by Iris Institution on 01\/01\/2026/)).toBeInTheDocument();
    const old = within(screen.getByRole('list', { name: 'Applications of old@example.org' }));
    expect(old.getByText(/app-gone/)).toHaveTextContent('unknown in the registry');
    expect(old.getByText(/since 01\/01\/2026/)).toBeInTheDocument();
  });

  it('says when there are none', async () => {
    fetchManagers.mockResolvedValue([]);
    renderAt('/system/applicationManagers', <ApplicationManagersTab />);
    expect(await screen.findByText('Nobody is an application manager.')).toBeInTheDocument();
  });

  it('asks before removing; cancel calls nothing', async () => {
    fetchManagers.mockResolvedValue([abel]);
    renderAt('/system/applicationManagers', <ApplicationManagersTab />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove Abel Application as application manager' }),
    );
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Remove application manager');
    expect(dialog).toHaveTextContent('Remove Abel Application as application manager of University library?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(removeManager).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('removes on confirmation, flashes it and reads the list again', async () => {
    fetchManagers.mockResolvedValueOnce([abel]).mockResolvedValueOnce([]);
    removeManager.mockResolvedValue({ id: 9, removedApplications: [library], remainingApplications: [] });
    renderAt('/system/applicationManagers', <ApplicationManagersTab />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove Abel Application as application manager' }),
    );
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(removeManager).toHaveBeenCalledWith(9);
    await waitFor(() =>
      expect(useFlashStore.getState().flash).toMatchObject({
        msg: 'Abel Application is no longer an application manager.',
        type: 'success',
      }),
    );
    expect(await screen.findByText('Nobody is an application manager.')).toBeInTheDocument();
    expect(fetchManagers).toHaveBeenCalledTimes(2);
  });

  it('says when applications of other organisations remain, and flashes a failure', async () => {
    fetchManagers.mockResolvedValue([abel]);
    removeManager.mockResolvedValueOnce({
      id: 9,
      removedApplications: [library],
      remainingApplications: [{ ...library, manageId: 'app-rooster' }],
    });
    renderAt('/system/applicationManagers', <ApplicationManagersTab />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove Abel Application as application manager' }),
    );
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(useFlashStore.getState().flash?.msg).toBe(
        'Abel Application no longer manages your applications; they remain application manager of applications of other organisations.',
      ),
    );
    removeManager.mockRejectedValueOnce(new Error('409'));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove Abel Application as application manager' }),
    );
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(useFlashStore.getState().flash).toMatchObject({
        msg: 'The application manager right of Abel Application could not be removed.',
        type: 'error',
      }),
    );
  });

  it('speaks Dutch', async () => {
    fetchManagers.mockResolvedValue([abel]);
    await act(() => i18n.changeLanguage('nl'));
    renderAt('/system/applicationManagers', <ApplicationManagersTab />);
    expect(await screen.findByRole('heading', { name: 'Applicatiebeheerders' })).toBeInTheDocument();
    expect(screen.getByText(/Universiteitsbibliotheek/)).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: 'Abel Application als applicatiebeheerder verwijderen' }),
    );
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Applicatiebeheerder verwijderen');
    expect(within(dialog).getByRole('button', { name: 'Verwijderen' })).toBeInTheDocument();
  });
});
