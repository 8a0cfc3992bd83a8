import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiDelete, apiGet, useFlashStore } from 'shared-auth';
// eslint-disable-next-line no-restricted-imports -- test only: the real remote inside the host
import rolesRemote from 'mfe-roles/src/contributions';
import { i18n } from 'shared-ui';
import * as personas from 'test-support/personas';
import { personasHolding, role } from 'test-support/personas';
import { renderShell } from '../test-support/render-shell';

jest.mock('../remotes/remote-loader', () => jest.requireActual('../test-support/remote-loader.mock'));
// The requests leave through shared-auth's client; the test answers them.
jest.mock('shared-auth', () => ({
  ...jest.requireActual('shared-auth'),
  apiGet: jest.fn(),
  apiDelete: jest.fn(),
}));

/** The user whose profile is shown: a guest of Wiki guests. */
const guest = { ...personasHolding(role(13, 'Wiki guests')).guest, id: 42 };
const remotes = { roles: [rolesRemote] };
const fetchOtherUser = jest.mocked(apiGet);
const deleteUser = jest.mocked(apiDelete);

beforeEach(() => {
  fetchOtherUser.mockReset().mockResolvedValue(guest);
  deleteUser.mockReset().mockResolvedValue(undefined);
});

describe("another user's profile", () => {
  it('shows the user with breadcrumb home > users > name and role cards linking to the role', async () => {
    await renderShell({ path: '/profile/42', user: personas.superUser, remotes });
    expect(await screen.findByRole('heading', { name: 'guest user', level: 1 })).toBeInTheDocument();
    expect(fetchOtherUser).toHaveBeenCalledWith('users/other/42', expect.anything());
    // The breadcrumb (shared-ui, from the session's breadcrumb path).
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/home/users');
    expect(screen.getByRole('link', { name: 'Details of role Wiki guests' })).toHaveAttribute(
      'href',
      '/roles/13',
    );
  });

  it("shows the last activity as dd/MM/yyyy, the console's one date format, in Dutch too", async () => {
    const lastActivity = new Date(2026, 10, 27, 14, 30).getTime() / 1000;
    fetchOtherUser.mockResolvedValue({ ...guest, lastActivity });
    await renderShell({ path: '/profile/42', user: personas.superUser, remotes });
    expect(await screen.findByText('27/11/2026')).toBeInTheDocument();
    try {
      await act(() => i18n.changeLanguage('nl'));
      expect(await screen.findByText('27/11/2026')).toBeInTheDocument();
      expect(screen.queryByText('27-11-2026')).not.toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('leaves the users list out of the breadcrumb, and the delete button away, for a manager', async () => {
    await renderShell({ path: '/profile/42', user: personas.manager, remotes });
    expect(await screen.findByRole('heading', { name: 'guest user', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete user' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'History' })).not.toBeInTheDocument();
  });

  it("links a super user to the person's audit trail, with the way back", async () => {
    await renderShell({ path: '/profile/42', user: personas.superUser });
    expect(await screen.findByRole('link', { name: 'History' })).toHaveAttribute(
      'href',
      '/audit-logs/42?subject=user&name=guest+user&back=%2Fprofile%2F42',
    );
  });

  it('goes to /404 when the profile cannot be loaded', async () => {
    fetchOtherUser.mockRejectedValue(new Error('404'));
    await renderShell({ path: '/profile/42', user: personas.superUser, remotes });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('lets a super user delete the user after confirming', async () => {
    const user = userEvent.setup();
    await renderShell({ path: '/profile/42', user: personas.superUser, remotes });
    await user.click(await screen.findByRole('button', { name: 'Delete user' }));

    // The dialog says what it does (issue 44: it was titled and confirmed "Confirm").
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete user' });
    expect(within(dialog).getByText(/Are you sure you want to delete guest user\?/)).toBeInTheDocument();
    expect(deleteUser).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(deleteUser).toHaveBeenCalledWith('users/42');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home/users'));
    expect(useFlashStore.getState().flash?.msg).toBe('User guest user has been deleted');
  });

  it('does not delete when the super user cancels', async () => {
    const user = userEvent.setup();
    await renderShell({ path: '/profile/42', user: personas.superUser, remotes });
    await user.click(await screen.findByRole('button', { name: 'Delete user' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(deleteUser).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('offers no delete on the super user’s own profile', async () => {
    const me = personas.superUser;
    fetchOtherUser.mockResolvedValue(me);
    await renderShell({ path: `/profile/${me.id}`, user: me, remotes });
    expect(await screen.findByRole('heading', { name: 'Ada Admin', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete user' })).not.toBeInTheDocument();
  });
});
