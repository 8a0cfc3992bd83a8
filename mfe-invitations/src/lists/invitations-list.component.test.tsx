// The invitation lists (role tab, system tab, own invitations) with the invitations resource mocked.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, useFlashStore } from 'shared-auth';
import { deleteInvitation, resendInvitation, searchInvitations } from '../invitations.resource';
import { CREATED, inviter, invitation, manager, superUser, wiki } from '../test-support/fixtures';
import { renderAt, setUp } from '../test-support/render';
import RoleInvitationsTab from './role-invitations.tab';
import SystemInvitationsTab from './system-invitations.tab';

jest.mock('../invitations.resource', () => ({
  ...jest.requireActual('../invitations.resource'),
  searchInvitations: jest.fn(),
  resendInvitation: jest.fn(),
  deleteInvitation: jest.fn(),
}));

const mockedSearch = jest.mocked(searchInvitations);
const mockedResend = jest.mocked(resendInvitation);
const mockedDelete = jest.mocked(deleteInvitation);

const OPEN = invitation(1);
const EXPIRED = invitation(2, { expiryDate: CREATED });
const ACCEPTED = invitation(3, { status: 'ACCEPTED' });

beforeEach(() => {
  mockedSearch.mockReset().mockResolvedValue({ content: [OPEN, EXPIRED, ACCEPTED], totalElements: 3 });
  mockedResend.mockReset().mockResolvedValue(undefined);
  mockedDelete.mockReset().mockResolvedValue(undefined);
});

describe('the invitations tab of a role', () => {
  it('lists the role’s open invitations, newest first, with the Expired badge', async () => {
    await setUp(manager);
    renderAt('/tab', <RoleInvitationsTab context={{ roleId: 1 }} />);
    const expiredRow = await screen.findByRole('row', { name: /invitee2@example.com/ });
    expect(within(expiredRow).getAllByText('Expired')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Invitations (3)' })).toBeInTheDocument();
    expect(mockedSearch).toHaveBeenCalledWith(
      expect.objectContaining({
        roleId: 1,
        status: 'open',
        sort: 'createdAt',
        sortDirection: 'DESC',
        pageNumber: 0,
      }),
    );
  });

  it('filters on status and on the user’s own invitations', async () => {
    await setUp(manager);
    renderAt('/tab', <RoleInvitationsTab context={{ roleId: 1 }} />);
    await screen.findByRole('row', { name: /invitee1@example.com/ });
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'expired');
    await waitFor(() =>
      expect(mockedSearch).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'expired' })),
    );
  });

  it('revokes a selection after confirmation, then flashes and reloads', async () => {
    await setUp(manager);
    renderAt('/tab', <RoleInvitationsTab context={{ roleId: 1 }} />);
    await screen.findByRole('row', { name: /invitee1@example.com/ });
    // An accepted invitation cannot be selected.
    const acceptedRow = screen.getByRole('row', { name: /invitee3@example.com/ });
    expect(within(acceptedRow).getByRole('checkbox')).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    await userEvent.click(screen.getByRole('button', { name: 'Revoke selected (2)' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to revoke these 2 invitations?');
    expect(mockedDelete).not.toHaveBeenCalled();
    const searches = mockedSearch.mock.calls.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(mockedSearch.mock.calls.length).toBeGreaterThan(searches));
    expect(mockedDelete.mock.calls).toEqual([[1], [2]]);
    expect(useFlashStore.getState().flash).toMatchObject({
      msg: '2 invitations have been revoked',
      type: 'success',
    });
  });

  it('resends one invitation after confirmation', async () => {
    await setUp(manager);
    renderAt('/tab', <RoleInvitationsTab context={{ roleId: 1 }} />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Resend the invitation to invitee2@example.com' }),
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Are you sure you want to resend the invitation to invitee2@example.com?',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(mockedResend).toHaveBeenCalledWith(2));
    expect(useFlashStore.getState().flash).toMatchObject({ msg: 'The invitation has been resent' });
  });

  it('says missing roles when the server refuses', async () => {
    mockedDelete.mockRejectedValue(
      new ApiError(403, { status: 403, error: 'Forbidden', message: 'missing roles' }),
    );
    await setUp(manager);
    renderAt('/tab', <RoleInvitationsTab context={{ roleId: 1 }} />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Revoke the invitation to invitee1@example.com' }),
    );
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(useFlashStore.getState().flash).toMatchObject({
        msg: 'You do not have the roles this needs.',
        type: 'error',
      }),
    );
  });

  it('offers an inviter no actions on an invitation for an inviter (the shared rule)', async () => {
    mockedSearch.mockResolvedValue({
      content: [invitation(1, { intendedAuthority: 'INVITER' })],
      totalElements: 1,
    });
    await setUp(inviter);
    renderAt('/tab', <RoleInvitationsTab context={{ roleId: 1 }} />);
    const row = await screen.findByRole('row', { name: /invitee1@example.com/ });
    expect(within(row).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(within(row).getByRole('checkbox')).toBeDisabled();
  });

  it('offers actions on its own invitation by inviter id, not by a shared e-mail address (as the server)', async () => {
    const me = { ...inviter, email: 'ivo@example.com' };
    mockedSearch.mockResolvedValue({
      content: [
        invitation(1, { intendedAuthority: 'INVITER', inviter: { id: 99, email: 'ivo@example.com' } }),
        invitation(2, { intendedAuthority: 'INVITER', inviter: { id: me.id, email: 'ivo@example.com' } }),
      ],
      totalElements: 2,
    });
    await setUp(me);
    renderAt('/tab', <RoleInvitationsTab context={{ roleId: 1 }} />);
    const someoneElses = await screen.findByRole('row', { name: /invitee1@example.com/ });
    expect(within(someoneElses).getByRole('checkbox')).toBeDisabled();
    const own = screen.getByRole('row', { name: /invitee2@example.com/ });
    expect(within(own).getByRole('checkbox')).toBeEnabled();
  });

  it('shows the empty text', async () => {
    mockedSearch.mockResolvedValue({ content: [], totalElements: 0 });
    await setUp(manager);
    renderAt('/tab', <RoleInvitationsTab context={{ roleId: 1 }} />);
    expect(await screen.findByText('No invitations found')).toBeInTheDocument();
  });
});

describe('the system area’s invitations', () => {
  it('lists every invitation with its roles, all statuses', async () => {
    await setUp(superUser);
    renderAt('/system/invitations', <SystemInvitationsTab />);
    const row = await screen.findByRole('row', { name: /invitee1@example.com/ });
    expect(within(row).getByText(wiki.name)).toBeInTheDocument();
    expect(mockedSearch).toHaveBeenCalledWith(expect.objectContaining({ status: 'all', roleId: undefined }));
  });

  it('titles more invitations than the server counts 1000+ and asks for a narrower search', async () => {
    mockedSearch.mockResolvedValue({ content: [OPEN, EXPIRED, ACCEPTED], totalElements: 1001 });
    await setUp(superUser);
    renderAt('/system/invitations', <SystemInvitationsTab />);
    expect(await screen.findByRole('heading', { name: 'Invitations (1000+)' })).toBeInTheDocument();
    expect(
      screen.getByText('There are more results than shown, please refine your search.'),
    ).toBeInTheDocument();
  });
});
